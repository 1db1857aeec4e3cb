import * as Dialog from '@radix-ui/react-dialog';
import { useSiteStore } from '@gota/shared/store';
import { buttonClass } from '@gota/shared/ui';
import styles from './invalid-reply-modal.module.css';

/**
 * A navigation reply that is not a page (an error page, a plain JSON answer) is shown full screen, as Inertia does
 * (product §8); a click outside it or Escape closes it. HTML is shown in a sandboxed frame: it never runs scripts here.
 * Loaded on demand by `InvalidReplyModal`.
 */
export function InvalidReplyDialog() {
  const reply = useSiteStore((state) => state.invalidReply);
  const setInvalidReply = useSiteStore((state) => state.setInvalidReply);
  return (
    <Dialog.Root open={reply !== null} onOpenChange={(open) => !open && setInvalidReply(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} onClick={() => setInvalidReply(null)} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>Respuesta inesperada del servidor</Dialog.Title>
          {reply?.isHtml ? (
            <iframe className={styles.frame} title="Respuesta del servidor" sandbox="" srcDoc={reply.content} />
          ) : (
            <pre className={styles.text}>{reply?.content}</pre>
          )}
          <Dialog.Close className={buttonClass({ variant: 'tonal', shape: 'pill' }, styles.close)}>Cerrar</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
