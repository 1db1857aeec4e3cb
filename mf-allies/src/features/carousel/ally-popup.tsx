import type { Ally } from '@gota/shared/contracts';
import styles from './allies-carousel.module.css';
import { VisuallyHidden } from '@gota/shared/ui';

interface AllyPopupProps {
  ally: Ally;
  id: string;
  open: boolean;
}

/**
 * An ally's description and link (product §2). Placed right after its logo in the DOM, so Tab goes from the logo into the
 * link; shown under the carousel by CSS. `text` is plain text: `white-space: pre-line` turns its "\n" into line breaks.
 * A closed popup stays in the document, `hidden` (without JavaScript the style sheet shows it under its logo).
 */
export function AllyPopup({ ally, id, open }: AllyPopupProps) {
  return (
    <div id={id} className={styles.popup} hidden={!open}>
      {ally.img2 ? <img className={styles.popupImage} src={ally.img2} alt="" width={560} height={240} loading="lazy" /> : null}
      <p className={styles.popupTitle}>{ally.empresa}</p>
      <p className={styles.popupText}>{ally.text}</p>
      <a className={styles.popupLink} href={ally.link} target="_blank" rel="noopener noreferrer">
        {ally.textBtn}
        <VisuallyHidden> de {ally.empresa} (se abre en una pestaña nueva)</VisuallyHidden>
      </a>
    </div>
  );
}
