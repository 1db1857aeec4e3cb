// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldClicksGlobal, themeStorageKey } from '@gota/shared/contracts';
import { earlyScript, startScript, startScriptPatienceMs } from './early-script';

const csrfCookie = { name: 'xsrf', secure: false };
const held = window as unknown as Record<typeof heldClicksGlobal, Element[] | null>;

function submit(form: HTMLFormElement, submitter?: HTMLElement): SubmitEvent {
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter });
  form.dispatchEvent(event);
  return event;
}

/** A press as the browser makes it: returns whether the page left the browser its default action (following, sending). */
function press(element: Element): boolean {
  return element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

describe("the document's first script", () => {
  beforeAll(() => {
    // a visitor who chose the dark theme earlier; the browser runs the script once, as the first thing in <body>
    localStorage.setItem(themeStorageKey, 'true');
    new Function(earlyScript(csrfCookie))();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('marks the document as scripted and paints the theme the store saved', () => {
    expect(document.documentElement.classList.contains('js')).toBe(true);
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  beforeEach(() => {
    // a press left to the browser would go on to submit the form: jsdom cannot, and what matters here is whether it may
    vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => undefined);
  });
  afterEach(() => {
    held[heldClicksGlobal] = [];
    vi.restoreAllMocks();
  });

  it('keeps the script-driven buttons pressed before the page is hydrated, and stops once the shell takes them', () => {
    // the link goes to a fragment: jsdom follows no other kind, and says so on the console
    document.body.innerHTML =
      '<button type="button"><span>¿quieres sumarte?</span></button><a href="#aliados">Aliados</a><button type="button" disabled>Apagado</button>';
    const [join, off] = [...document.querySelectorAll('button')];
    // a press on the label inside the button counts; a link is the browser's, and a disabled button is not pressed
    document.querySelector('span')!.click();
    expect(press(document.querySelector('a')!)).toBe(true);
    press(off!);
    expect(held[heldClicksGlobal]).toEqual([join]);

    // the shell took the list (shell/src/held-clicks.ts): later presses go to React alone
    held[heldClicksGlobal] = null;
    join!.click();
    expect(held[heldClicksGlobal]).toBeNull();
  });

  it('leaves a form with an action to the browser: posted natively and answered by the server (decision 064)', () => {
    document.body.innerHTML =
      '<form action="/login" method="post"><input name="email"><button>Entrar</button></form>' +
      '<form action="/buscar" method="get"><input name="q"><button type="submit">Buscar</button></form>';
    for (const form of document.querySelectorAll('form')) {
      const button = form.querySelector('button')!;
      expect(press(button)).toBe(true);
      expect(submit(form, button).defaultPrevented).toBe(false);
    }
    expect(held[heldClicksGlobal]).toEqual([]);
  });

  it('keeps the submit press of a form without action, which only its script can send, and never lets the browser send it', () => {
    document.body.innerHTML = '<form><input name="password" value="secreta"><button>Guardar</button></form>';
    const form = document.querySelector('form')!;
    const button = document.querySelector('button')!;
    // the press is kept for the shell, and the browser's submission is stopped: the password never reaches the address
    expect(press(button)).toBe(false);
    expect(held[heldClicksGlobal]).toEqual([button]);
    // an implicit submission without a button (Enter in a lone field) is stopped too
    expect(submit(form).defaultPrevented).toBe(true);

    // once the shell has taken the list, the press it makes again is the browser's, and React's handler answers it
    held[heldClicksGlobal] = null;
    expect(press(button)).toBe(true);
    expect(submit(form, button).defaultPrevented).toBe(false);
  });
});

describe("the first script's anti-forgery token (decision 040)", () => {
  const cookieValue = () => /(?:^|; )xsrf=([^;]*)/.exec(document.cookie)?.[1];
  const meta = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!;
  const run = (content: string) => {
    document.head.innerHTML = `<meta name="csrf-token" content="${content}">`;
    new Function(earlyScript(csrfCookie))();
  };
  afterEach(() => {
    document.cookie = 'xsrf=; Path=/; Max-Age=0';
  });

  it('makes the double-submit cookie of an anonymous page and writes it into the empty meta tag', () => {
    run('');
    const value = cookieValue();
    expect(value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(meta().content).toBe(value);
    // the next page of the same visitor takes the same value
    run('');
    expect(cookieValue()).toBe(value);
    expect(meta().content).toBe(value);
  });

  it("leaves a signed-in page's token alone, and still makes the cookie it falls back to after signing out", () => {
    run('un.token.firmado');
    expect(meta().content).toBe('un.token.firmado');
    expect(cookieValue()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('replaces a cookie that is not one of ours', () => {
    document.cookie = 'xsrf=corto; Path=/';
    run('');
    expect(cookieValue()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('writes the __Host- cookie Secure in production', () => {
    const script = earlyScript({ name: '__Host-xsrf', secure: true });
    expect(script).toContain('(?:^|; )__Host-xsrf=');
    expect(script).toContain('"; Path=/; SameSite=Strict; Secure"');
  });
});

const entries = ['/app/main.0123456789.js', '/app/second.0123456789.js'];

/** The scripts the start script added, in order. */
function added(): string[] {
  return [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src') ?? '');
}

function showPage(visibility: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
}

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void;

/** A browser with paint timing: the test reports the paints. */
function withPaintTiming() {
  const callbacks: PaintCallback[] = [];
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: PaintCallback) {
      callbacks.push(callback);
    }
    observe = vi.fn();
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const paint = (name: string) => {
    for (const callback of callbacks)
      callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, { disconnect });
  };
  return { paint, disconnect };
}

/** The browser's frames: `draw` runs the callbacks asked for so far, as the start of a frame does. */
function withFrames() {
  let asked: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => asked.push(callback));
  return {
    draw() {
      const now = asked;
      asked = [];
      now.forEach((callback) => callback(0));
    },
  };
}

describe("the document's start script (decisions 033, 048)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("loads the shell's entries, in order, only after the page's first contentful paint", () => {
    showPage('visible');
    const { paint, disconnect } = withPaintTiming();
    const frames = withFrames();
    new Function(startScript(entries))();
    frames.draw();
    expect(added()).toEqual([]);
    // a paint of the background alone is not yet what the visitor reads
    paint('first-paint');
    vi.advanceTimersByTime(0);
    expect(added()).toEqual([]);
    paint('first-contentful-paint');
    expect(disconnect).toHaveBeenCalled();
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(added()).toEqual(entries);
    // executed in document order, though added by a script
    expect([...document.head.querySelectorAll('script')].every((script) => !script.async)).toBe(true);
    // the patience timer does not add them a second time
    vi.advanceTimersByTime(startScriptPatienceMs);
    expect(added()).toEqual(entries);
  });

  it('does not wait longer than its patience, counted from the first frame, for a paint that does not come', () => {
    showPage('visible');
    withPaintTiming();
    const frames = withFrames();
    new Function(startScript(entries))();
    // no frame drawn yet (a compositor starved on a loaded machine): no countdown, however long it takes
    vi.advanceTimersByTime(startScriptPatienceMs * 3);
    expect(added()).toEqual([]);
    frames.draw();
    vi.advanceTimersByTime(startScriptPatienceMs - 1);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual(entries);
  });

  it('loads them when the paint is reported after a long time without frames, not before', () => {
    showPage('visible');
    const { paint } = withPaintTiming();
    const frames = withFrames();
    new Function(startScript(entries))();
    vi.advanceTimersByTime(startScriptPatienceMs * 3);
    frames.draw();
    paint('first-contentful-paint');
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(added()).toEqual(entries);
  });

  it('loads them at once on a page that is not visible, which paints nothing until it is shown', () => {
    showPage('hidden');
    withPaintTiming();
    new Function(startScript(entries))();
    expect(added()).toEqual(entries);
  });

  it('loads them at once when the page is hidden while it waits for its paint', () => {
    showPage('visible');
    withPaintTiming();
    withFrames();
    new Function(startScript(entries))();
    showPage('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toEqual(entries);
    // shown and hidden again: still once
    document.dispatchEvent(new Event('visibilitychange'));
    expect(added()).toEqual(entries);
  });

  it('waits for one frame in a browser without paint timing', () => {
    showPage('visible');
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames = withFrames();
    new Function(startScript(entries))();
    vi.advanceTimersByTime(0);
    expect(added()).toEqual([]);
    frames.draw();
    vi.advanceTimersByTime(0);
    expect(added()).toEqual(entries);
  });

  it('preloads the scripts and the manifests after the paint, at low priority, with CORS for another origin (decision 058)', () => {
    showPage('visible');
    const { paint } = withPaintTiming();
    withFrames();
    const after = {
      scripts: ['/app/main.0123456789.js', 'https://cdn.example/mf-home/remoteEntry.js'],
      manifests: ['/mf/mf-home/mf-manifest.json'],
    };
    new Function(startScript(entries, after))();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    const links = [...document.head.querySelectorAll('link')];
    expect(
      links.map((link) => [link.rel, link.as, link.getAttribute('href'), link.getAttribute('fetchpriority'), link.crossOrigin]),
    ).toEqual([
      ['preload', 'script', '/app/main.0123456789.js', 'low', null],
      ['preload', 'script', 'https://cdn.example/mf-home/remoteEntry.js', 'low', 'anonymous'],
      ['preload', 'fetch', '/mf/mf-home/mf-manifest.json', 'low', 'anonymous'],
    ]);
    // the hints come before the entries, so that the chunks load beside them
    expect(document.head.lastElementChild?.tagName).toBe('SCRIPT');
  });

  it("names every style sheet by its absolute address, the name webpack's style loader looks for, before the shell's first script and again once the document is parsed", () => {
    showPage('hidden');
    withPaintTiming();
    document.head.innerHTML =
      '<style data-href="/app/shell.0123456789.css"></style><link rel="stylesheet" href="/mf/mf-home/1.0123456789.css"><link rel="icon" href="/favicon.svg">';
    new Function(startScript(entries))();
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.dataset.href).toBeUndefined();
    const named = () =>
      [...document.querySelectorAll('style,link[rel="stylesheet"]')].map((sheet) => sheet.getAttribute('data-href'));
    expect(named()).toEqual([`${location.origin}/app/shell.0123456789.css`, `${location.origin}/mf/mf-home/1.0123456789.css`]);
    // a link the parser meets after the start script (the widgets' sheets, at the end of <body>)
    document.body.insertAdjacentHTML('beforeend', '<link rel="stylesheet" href="/mf/mf-stories/2.0123456789.css">');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(named()).toEqual([
      `${location.origin}/app/shell.0123456789.css`,
      `${location.origin}/mf/mf-home/1.0123456789.css`,
      `${location.origin}/mf/mf-stories/2.0123456789.css`,
    ]);
    document.body.innerHTML = '';
  });

  it('keeps an address from closing the script element', () => {
    expect(
      startScript(['/app/</script><script>alert(1)</script>.js'], { scripts: ['/</script>.js'], manifests: ['/</script>.json'] }),
    ).not.toContain('<');
  });
});
