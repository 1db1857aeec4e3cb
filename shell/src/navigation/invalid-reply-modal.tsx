import { useSiteStore } from '@gota/shared/store';
import { onDemand, OnDemandPart } from '../on-demand/on-demand';

const invalidReplyDialog = onDemand(() => import('./invalid-reply-dialog').then((module) => module.InvalidReplyDialog));

/**
 * The full-screen view of a navigation reply that is not a page (product §8). Rare, so its code (and Radix Dialog's) loads
 * only when such a reply arrives (decision 020); should that fail too, the visitor is told in an alert instead.
 */
export function InvalidReplyModal() {
  const reply = useSiteStore((state) => state.invalidReply);
  return (
    <OnDemandPart
      part={invalidReplyDialog}
      wanted={reply !== null}
      props={{}}
      onFailure={() => {
        const { setInvalidReply, addAlert } = useSiteStore.getState();
        setInvalidReply(null);
        addAlert({
          type: 'error',
          title: 'Error',
          subtitle: 'El servidor respondió algo inesperado. Intenta más tarde.',
          closable: true,
        });
      }}
    />
  );
}
