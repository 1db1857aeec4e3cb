import { heldClicksGlobal, themeStorageKey } from '@gota/shared/contracts';

/**
 * Marks the document as scripted (`<html class="js">`: the controls that need JavaScript show, their plain-link
 * stand-ins hide; shell/src/layout/global.css) and applies the stored theme before the first paint (no light flash for a
 * dark-theme visitor), from the key the store writes (product §2).
 */
const theme = `document.documentElement.classList.add('js');try{if(localStorage.getItem(${JSON.stringify(themeStorageKey)})==='true'){document.body.classList.add('dark');document.documentElement.style.colorScheme='dark'}}catch(e){}`;

/**
 * Keeps the presses that only a script can answer, made before the page is hydrated, for the shell to press again once
 * it is (shell/src/held-clicks.ts; decision 064). A press is kept when it lands on a script-driven button
 * (`type="button"`: "¿quieres sumarte?", the menu, an ally's logo) or on the submit button of a form without `action`
 * (a form only its script can send; sent by the browser it would be a GET of the page with its fields in the address, so
 * its native submission is prevented until the page is live). Everything else is the platform's: a link navigates, a
 * form with an `action` is sent by the browser and answered by the server (decision 043). The shell ends the holding by
 * setting the list to null. Wrapped in a function: nothing but the list becomes a global of the page.
 */
const holdEarlyPresses =
  `(function(){var w=window;w.${heldClicksGlobal}=[];` +
  `function bare(f){return f instanceof HTMLFormElement&&!f.hasAttribute('action')}` +
  `document.addEventListener('click',function(e){var l=w.${heldClicksGlobal},t=e.target instanceof Element?e.target.closest('button,input[type="submit"]'):null;` +
  `if(!l||!t||t.disabled)return;var k=t.type==='button';if(!k&&t.type==='submit'&&bare(t.form)){k=true;e.preventDefault()}if(k)l.push(t)},true);` +
  `document.addEventListener('submit',function(e){if(w.${heldClicksGlobal}&&bare(e.target))e.preventDefault()},true)})();`;

/** The anonymous visitor's anti-forgery cookie: its name, and whether it is sent over HTTPS only (production). */
export interface CsrfCookie {
  name: string;
  secure: boolean;
}

/**
 * Gives the page its anti-forgery token without the server writing one (decision 040): an anonymous page is the same
 * bytes for every visitor, so its `<meta name="csrf-token">` is empty. The script takes the value of the double-submit
 * cookie, or makes one (24 random bytes, base64url) and sets the cookie, and writes it into the empty meta tag, where
 * the http client reads it on every request. A signed-in page's meta tag already holds the token bound to its session
 * and is left alone. The cookie is set either way: it is what the token becomes after signing out. Cookies refused
 * leave the tag filled and the cookie absent, and the server answers a form 419, as it did before.
 */
function fillCsrfToken({ name, secure }: CsrfCookie): string {
  const attributes = `; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
  return (
    `try{var v=(document.cookie.match(/(?:^|; )${name}=([A-Za-z0-9_-]{22,64})(?:;|$)/)||[])[1];` +
    `if(!v){v=btoa(String.fromCharCode.apply(null,crypto.getRandomValues(new Uint8Array(24)))).replace(/\\+/g,'-').replace(/\\//g,'_');` +
    `document.cookie=${JSON.stringify(`${name}=`)}+v+${JSON.stringify(attributes)}}` +
    `var m=document.querySelector('meta[name="csrf-token"]');if(m&&!m.content)m.content=v}catch(e){}`
  );
}

/**
 * The first thing in `<body>`: it runs before anything is painted or can be clicked. The same text for every page of a
 * configuration, so the CSP allows it by its hash (decision 040).
 */
export function earlyScript(csrfCookie: CsrfCookie): string {
  return theme + holdEarlyPresses + fillCsrfToken(csrfCookie);
}

/**
 * How long the start script waits for the first contentful paint before loading the shell anyway, counted from the
 * first frame the browser begins to draw (decision 048). Every page has text, so a page that draws paints; this only
 * bounds a browser that draws and never reports it. A browser that draws nothing yet (its compositor starved on a
 * loaded machine, for seconds at times) has not started counting, so the shell cannot overtake the paint it waits for.
 */
export const startScriptPatienceMs = 5000;

/**
 * Names each style sheet of the document by its absolute address in `data-href`, which is how webpack's style loader
 * recognises a sheet it already has: the `<style>`s the server wrote (decision 058) and the `<link>`s of the sheets
 * that load later. It runs before the shell's first script (the shell's start-up chunk asks for its own sheet before
 * the shell's code runs, and finding none under that name it linked the 42 KB sheet a second time), and once more when
 * the parser is done, for the links after the start script.
 */
const nameStyleSheets =
  `function n(){document.querySelectorAll('style[data-href],link[rel="stylesheet"]').forEach(function(s){` +
  `s.setAttribute('data-href',s.href||new URL(s.getAttribute('data-href'),document.baseURI).href)})}`;

/** What the start script asks for once the page has painted, besides the entry (decision 058). */
export interface AfterPaint {
  /** The start-up chunks and the page's modules' scripts: preloaded, so that they load beside the entry. */
  scripts: string[];
  /** The remotes' manifests the runtime reads first (fetched, not run: connect-src governs them). */
  manifests: string[];
}

/**
 * The last script in `<body>` (decisions 033, 058): once the browser reports the page's first contentful paint it
 * links the whole of each sheet cut to the first screen (`cutSheetTag`) right after its cut, names the style sheets,
 * preloads the scripts that hydrate the page and the remotes' manifests (low priority: a hero image may still be on its
 * way, and the page is readable without them), then loads the shell's entry scripts in
 * order. Before that paint the browser asks for nothing but the document, what its style sheets and images need, and
 * the sheets of the widgets below the first screen. A browser without paint timing waits for one frame instead; a
 * page that is not visible (a background tab, a prerender) draws nothing until it is shown, so it loads them at once,
 * as does a page hidden while it waits; and `startScriptPatienceMs` after the first frame they load whatever
 * happened. A press only a script answers is held meanwhile (decisions 032, 064). Under the CSP, 'strict-dynamic' trusts what a script
 * allowed by its hash adds, preload hints included (architecture §7, trap 7); a file on another origin is preloaded
 * with CORS, as webpack will ask for it, or the browser fetches it twice.
 */
export function startScript(entries: string[], after: AfterPaint = { scripts: [], manifests: [] }): string {
  const list = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(u,p,m){${nameStyleSheets}var d=false;` +
    `function hint(h,a){var l=document.createElement('link');l.rel='preload';l.as=a;l.href=h;l.setAttribute('fetchpriority','low');` +
    `if(a==='fetch'||/^https?:\\/\\//.test(h))l.crossOrigin='anonymous';document.head.appendChild(l)}` +
    `function go(){if(d)return;d=true;document.querySelectorAll('style[data-rest]').forEach(function(s){` +
    `var l=document.createElement('link');l.rel='stylesheet';l.href=s.getAttribute('data-href');s.parentNode.insertBefore(l,s.nextSibling)});n();` +
    `document.addEventListener('DOMContentLoaded',n);` +
    `p.forEach(function(h){hint(h,'script')});m.forEach(function(h){hint(h,'fetch')});` +
    `u.forEach(function(s){var e=document.createElement('script');e.src=s;e.async=false;document.head.appendChild(e)})}` +
    `function hidden(){return document.visibilityState!=='visible'}if(hidden()){go();return}` +
    `document.addEventListener('visibilitychange',function(){if(hidden())go()});` +
    `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){` +
    `requestAnimationFrame(function(){setTimeout(go,${startScriptPatienceMs})});` +
    `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}` +
    `else{requestAnimationFrame(function(){setTimeout(go,0)})}})(${list(entries)},${list(after.scripts)},${list(after.manifests)});`
  );
}
