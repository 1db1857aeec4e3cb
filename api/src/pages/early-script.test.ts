// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heldClicksGlobal, heldSubmitsGlobal, liveFormProperty, themeStorageKey, type HeldSubmit } from '@gota/shared/contracts';
import { earlyScript } from './early-script';

const global = window as unknown as Record<string, HeldSubmit[] | undefined>;

function submit(form: HTMLFormElement, submitter?: HTMLElement): SubmitEvent {
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter });
  form.dispatchEvent(event);
  return event;
}

describe("the document's first script", () => {
  beforeAll(() => {
    // a visitor who chose the dark theme earlier; the browser runs the script once, as the first thing in <body>
    localStorage.setItem(themeStorageKey, 'true');
    document.head.innerHTML = '<link rel="stylesheet" href="/app/shell-styles.0123456789.css"><link rel="icon" href="/favicon.svg">';
    new Function(earlyScript)();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('marks the document as scripted and paints the theme the store saved', () => {
    expect(document.documentElement.classList.contains('js')).toBe(true);
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it("names each linked style sheet by its absolute address, the name webpack's style loader looks for", () => {
    const [sheet, icon] = [...document.head.querySelectorAll('link')];
    expect(sheet!.dataset.href).toBe(new URL('/app/shell-styles.0123456789.css', location.href).href);
    expect(icon!.dataset.href).toBeUndefined();
  });

  it('holds a script-driven form submitted before it is hydrated, and lets it through afterwards', () => {
    document.body.innerHTML = '<form><input name="password" value="secreta"><button>Entrar</button></form>';
    const form = document.querySelector('form')!;
    const button = document.querySelector('button')!;
    // not sent natively: the password never reaches the address bar
    expect(submit(form, button).defaultPrevented).toBe(true);
    expect(global[heldSubmitsGlobal]).toEqual([{ form, submitter: button }]);

    // once its fields are hydrated (they mark it live), its submissions go to React
    global[heldSubmitsGlobal] = [];
    (form as unknown as Record<string, boolean>)[liveFormProperty] = true;
    expect(submit(form).defaultPrevented).toBe(false);
    expect(global[heldSubmitsGlobal]).toEqual([]);
  });

  it('keeps the script-driven buttons pressed before the page is hydrated, and stops once the shell takes them', () => {
    document.body.innerHTML = '<button type="button"><span>¿quieres sumarte?</span></button><a href="/aliados">Aliados</a><button>Enviar</button>';
    const [join, send] = [...document.querySelectorAll('button')];
    const clicks = window as unknown as Record<typeof heldClicksGlobal, HTMLButtonElement[] | null>;
    // a press on the label inside the button counts; a link and a submit button (a submission is held on its own) are not
    document.querySelector('span')!.click();
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    send!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicks[heldClicksGlobal]).toEqual([join]);

    // the shell took the list (shell/src/held-clicks.ts): later presses go to React alone
    clicks[heldClicksGlobal] = null;
    join!.click();
    expect(clicks[heldClicksGlobal]).toBeNull();
  });

  it('lets a form that works without JavaScript go', () => {
    document.body.innerHTML = '<form action="/panel/bandeja" method="get"><input name="q"></form>';
    expect(submit(document.querySelector('form')!).defaultPrevented).toBe(false);
    expect(global[heldSubmitsGlobal]).toEqual([]);
  });
});
