/**
 * How far outside the viewport an element counts as near: half a screen above and below it. The server already drew
 * the widget; its code only has to arrive before the visitor reaches it, and a whole screen ahead made the home page's
 * first view on a phone load the story carousel sitting exactly two screens down (12 KB it does not show).
 */
const nearMargin = '50% 0px';

/** What counts as a first interaction inside an element that is not interactive yet. */
const interactions = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * Calls `start` once, when `element` comes within half a screen of the viewport or is first pointed at or focused; at once
 * when there is no element or no IntersectionObserver. Returns a function that stops watching.
 *
 * @example
 * const stop = whenNear(section, () => void load(id))
 */
export function whenNear(element: Element | null, start: () => void): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    start();
    return () => undefined;
  }
  let done = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) go();
    },
    { rootMargin: nearMargin },
  );
  // Listened to on the document, in the capture phase: React stops the propagation of an event aimed at HTML it has not
  // hydrated yet (it queues it for later), so a listener on the element itself would never hear it.
  const doc = element.ownerDocument;
  const inside = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) go();
  };
  const stop = () => {
    observer.disconnect();
    for (const type of interactions) doc.removeEventListener(type, inside, true);
  };
  function go() {
    if (done) return;
    done = true;
    stop();
    start();
  }
  observer.observe(element);
  for (const type of interactions) doc.addEventListener(type, inside, { capture: true, passive: true });
  return stop;
}
