// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { heldClicksGlobal } from '@gota/shared/contracts';
import { replayHeldClicks } from './held-clicks';

const globals = window as unknown as Record<typeof heldClicksGlobal, HTMLButtonElement[] | null | undefined>;

describe('replayHeldClicks', () => {
  it('presses again, in order, the buttons still on the page, and ends the holding', () => {
    document.body.innerHTML = '<button type="button">Menú</button><button type="button">Tema</button>';
    const [menu, theme] = [...document.querySelectorAll('button')];
    const gone = document.createElement('button');
    const pressed: string[] = [];
    for (const button of [menu!, theme!, gone]) button.addEventListener('click', () => pressed.push(button.textContent ?? ''));
    gone.textContent = 'Quitado';
    globals[heldClicksGlobal] = [theme!, gone, menu!, theme!];

    replayHeldClicks();
    expect(pressed).toEqual(['Tema', 'Menú', 'Tema']);
    expect(globals[heldClicksGlobal]).toBeNull();

    // a second call (nothing held any more) presses nothing
    replayHeldClicks();
    expect(pressed).toHaveLength(3);
  });

  it('does nothing on a page whose document held nothing', () => {
    globals[heldClicksGlobal] = undefined;
    replayHeldClicks();
    expect(globals[heldClicksGlobal]).toBeNull();
  });
});
