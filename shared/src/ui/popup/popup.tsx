import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { Slot } from '@radix-ui/react-slot';
import { useRef, type ReactElement, type RefObject } from 'react';

export interface PopupProps {
  open: boolean;
  /** Called when the visitor dismisses the popup: Escape, a press outside it, or the focus moving out of it. */
  onClose: () => void;
  /** The control that opens it: pressing or focusing it is not "outside", and Escape gives it the focus back. */
  trigger: RefObject<HTMLElement | null>;
  /** Keep the closed popup in the document, `hidden` (its text then reaches a reader without JavaScript and crawlers). */
  keepMounted?: boolean;
  /** The popup element itself (a `div`, a `ul`…), which receives the layer's handlers and ref. */
  children: ReactElement;
}

/**
 * The one dismissable popup of the site (decision 026): the share menu, the confirm menu and the ally popup. Radix's
 * dismissable layer (the part of its Popover and DropdownMenu that closes them) handles Escape, presses and focus
 * outside, and popups nested in one another (only the innermost answers Escape). Where the popup sits is the caller's
 * CSS. Closed on the server and on the first render, so hydration never disagrees.
 */
export function Popup({ open, onClose, trigger, keepMounted = false, children }: PopupProps) {
  const layer = useRef<HTMLDivElement>(null);
  if (!open) return keepMounted ? <Slot hidden>{children}</Slot> : null;
  const isTrigger = (target: EventTarget | null) => target instanceof Node && Boolean(trigger.current?.contains(target));
  return (
    <DismissableLayer
      ref={layer}
      asChild
      onEscapeKeyDown={() => {
        // the focus inside the popup would fall to <body> when it closes: it goes back to what opened it
        if (layer.current?.contains(document.activeElement)) trigger.current?.focus();
      }}
      onInteractOutside={(event) => {
        // the trigger toggles the popup itself: a press on it, or the focus going back to it, is not a dismissal
        if (isTrigger(event.target)) event.preventDefault();
      }}
      onDismiss={onClose}
    >
      {children}
    </DismissableLayer>
  );
}
