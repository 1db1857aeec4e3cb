import type { ComponentProps } from 'react';
import type { Ally } from '@gota/shared/contracts';
import styles from './allies-carousel.module.css';
import { buttonClass, VisuallyHidden } from '@gota/shared/ui';

interface AllyPopupProps extends ComponentProps<'div'> {
  ally: Ally;
}

/**
 * An ally's description and link (product §2). Placed right after its logo in the DOM, so Tab goes from the logo into the
 * link; shown under the carousel by CSS. `text` is plain text: `white-space: pre-line` turns its "\n" into line breaks.
 * The shared popup around it keeps it in the document when closed, `hidden` (without JavaScript the style sheet shows it
 * under its logo), and passes it the layer's handlers through the rest of the props.
 */
export function AllyPopup({ ally, ...layer }: AllyPopupProps) {
  return (
    <div {...layer} className={styles.popup}>
      {ally.img2 ? <img className={styles.popupImage} src={ally.img2} alt="" width={560} height={240} loading="lazy" /> : null}
      <p className={styles.popupTitle}>{ally.empresa}</p>
      <p className={styles.popupText}>{ally.text}</p>
      <a className={buttonClass({ variant: 'filled', shape: 'pill' })} href={ally.link} target="_blank" rel="noopener noreferrer">
        {ally.textBtn}
        <VisuallyHidden> de {ally.empresa} (se abre en una pestaña nueva)</VisuallyHidden>
      </a>
    </div>
  );
}
