import { heldClicksGlobal } from '@gota/shared/contracts';

type PageGlobals = Partial<Record<typeof heldClicksGlobal, HTMLElement[] | null>>;

/**
 * Presses again, in order, what a visitor pressed before the page was hydrated and only a script can answer (the
 * document's inline script kept them: api/src/pages/early-script.ts; decisions 032, 064), and ends the holding. Called
 * right after `hydrateRoot`: React hydrates synchronously what a click lands on, so each press reaches its handler, and
 * the fields have taken what was typed before (`useEarlyInput`). A control that is gone is skipped.
 */
export function replayHeldClicks(target: Window = window): void {
  const globals = target as unknown as PageGlobals;
  const held = globals[heldClicksGlobal] ?? [];
  globals[heldClicksGlobal] = null;
  for (const button of held) if (button.isConnected) button.click();
}
