import { useState } from 'react';
import type { ContentPreviewAnswer } from '@gota/shared/contracts';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';
import { mexicoCityTime } from '../editor/story-text';
import own from './preview-button.module.css';

interface PreviewButtonProps {
  /** Sends what is on screen for a preview: its address, or null when it was refused (the saver shows why). */
  onPreview: () => Promise<ContentPreviewAnswer | null>;
}

/**
 * «Vista previa» of a content set (decision 066): what is on screen, unsaved, on the public page it changes, in a new
 * tab. The address stays below the button for the hour it lasts, to open it again or if the browser kept the tab from
 * opening.
 */
export function PreviewButton({ onPreview }: PreviewButtonProps) {
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ContentPreviewAnswer | null>(null);

  async function open(): Promise<void> {
    setBusy(true);
    try {
      const answer = await onPreview();
      if (!answer) return;
      setMade(answer);
      window.open(answer.url, '_blank', 'noopener');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: 'outlined', shape: 'pill' })}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void open()}
      >
        Vista previa<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
      </button>
      <p aria-live="polite" className={own.status}>
        {made && (
          <>
            Vista previa lista, sin guardar nada:{' '}
            <a href={made.url} target="_blank" rel="noopener">
              abrirla<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
            </a>
            . Se puede abrir hasta las {mexicoCityTime(new Date(made.expiresAt))}.
          </>
        )}
      </p>
    </>
  );
}
