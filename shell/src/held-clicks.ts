import { heldClicksGlobal } from '@gota/shared/contracts';

type PageGlobals = Partial<Record<typeof heldClicksGlobal, HTMLButtonElement[] | null>>;

/**
 * Presses again, in order, the buttons a visitor pressed before the page was hydrated (the document's inline script
 * kept them: api/src/pages/early-script.ts), and ends the holding. Called right after `hydrateRoot`: React hydrates
 * synchronously what a click lands on, so each press reaches its handler. A button that is gone is skipped.
 */
export function replayHeldClicks(target: Window = window): void {
  const globals = target as unknown as PageGlobals;
  const held = globals[heldClicksGlobal] ?? [];
  globals[heldClicksGlobal] = null;
  for (const button of held) if (button.isConnected) button.click();
}
