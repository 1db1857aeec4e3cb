import { useRef } from 'react';
import { Popup } from '@gota/shared/ui/popup';
import type { Ally } from '@gota/shared/contracts';
import { clickPopupWidth } from './carousel-rules';
import { AllyPopup } from './ally-popup';
import { AllyLogoImage, AllySlide, type SlidePlace } from './ally-slide';
import styles from './allies-carousel.module.css';

export type PopupOpener = 'hover' | 'click' | 'focus';

export interface AllyLogoProps {
  ally: Ally;
  slide: SlidePlace;
  popupId: string;
  isOpen: boolean;
  onOpen: (by: PopupOpener) => void;
  onClose: () => void;
}

/**
 * A logo that opens its ally's popup on mouse hover (600 px and over), on keyboard focus, and on click (a toggle under
 * 600 px). The popup is always in the markup, hidden until opened, so the document holds every ally's description; the
 * shared popup closes it on Escape (the focus back on the logo), a press elsewhere or the focus leaving logo and popup.
 * A press before the page is live is pressed again once it is (decision 032); a hover or a focus then is not replayed
 * (decision 064): the popup opens when the pointer or the focus comes to the logo again.
 */
export function AllyLogo({ ally, slide, popupId, isOpen, onOpen, onClose }: AllyLogoProps) {
  // a tap or a click also focuses the button: only focus that no pointer caused is keyboard focus
  const pointerFocus = useRef(false);
  const logo = useRef<HTMLButtonElement>(null);
  return (
    <AllySlide slide={slide}>
      <button
        ref={logo}
        type="button"
        className={styles.logoButton}
        aria-expanded={isOpen}
        aria-controls={popupId}
        onPointerEnter={(event) => {
          // under 600 px the popup is a click toggle: hover would open it just before the click closes it
          if (event.pointerType === 'mouse' && window.innerWidth >= clickPopupWidth) onOpen('hover');
        }}
        onPointerDown={() => {
          pointerFocus.current = true;
        }}
        onFocus={() => {
          if (!pointerFocus.current) onOpen('focus');
          pointerFocus.current = false;
        }}
        onClick={() => {
          pointerFocus.current = false;
          if (window.innerWidth < clickPopupWidth && isOpen) onClose();
          else onOpen('click');
        }}
      >
        <AllyLogoImage ally={ally} slide={slide} />
      </button>
      <Popup open={isOpen} onClose={onClose} trigger={logo} keepMounted>
        <AllyPopup ally={ally} id={popupId} />
      </Popup>
    </AllySlide>
  );
}
