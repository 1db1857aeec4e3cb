import { useEffect, useRef, useState, type RefObject } from 'react';
import { preload } from 'react-dom';
import { prefersReducedMotion } from '@gota/shared/ui';
import { createRippleEngine } from './ripple-engine';
import { canUseWorker, startRippleWorker } from './ripple-worker';
import styles from './ripple-canvas.module.css';

const cells = { width: 384, height: 288 };
const transferred = new WeakSet<HTMLCanvasElement>();

/** The hero's texture: what the browser picks for the still frame, and what the simulation refracts. */
export interface RippleTexture {
  /** `srcset` candidates (WebP); the browser takes the smallest that covers the hero at the screen's density. */
  srcSet: string;
  /** The same widths in AVIF (a quarter smaller), for the browsers that read it: preloaded with the document. */
  avifSrcSet: string;
  /** For a browser without `srcset`. */
  fallback: string;
  /** Read by the simulation (384 × 288 cells: more pixels would not show); a `srcSet` file, so it is usually cached. */
  simulation: string;
}

interface Controller {
  pause(): void;
  resume(): void;
  disturb(x: number, y: number, strength?: number): void;
  dispose(): void;
}

/** Maps a pointer position to a simulation cell, for a canvas drawn with `object-fit: cover`. */
function toCell(rect: DOMRect, clientX: number, clientY: number) {
  const scale = Math.max(rect.width / cells.width, rect.height / cells.height);
  const offsetX = (rect.width - cells.width * scale) / 2;
  const offsetY = (rect.height - cells.height * scale) / 2;
  return { x: (clientX - rect.left - offsetX) / scale, y: (clientY - rect.top - offsetY) / scale };
}

/**
 * The hero's water: decorative (hidden from assistive technology). The texture is an image in the server's HTML, the
 * still first frame that shows before any script (and all along under reduced motion); the canvas over it stays
 * transparent until the simulation draws. That runs in a worker where OffscreenCanvas exists, else on the main
 * thread, and pauses when scrolled out of view or in a hidden tab. Pointer and touch on `hostRef` make ripples.
 */
export function RippleCanvas({ texture, hostRef }: { texture: RippleTexture; hostRef: RefObject<HTMLElement | null> }) {
  const textureUrl = texture.simulation;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // known once live (the server cannot ask): until then nothing moves, which is also what reduced motion asks for
  const [still, setStill] = useState<boolean | null>(null);
  // a worker that fails after taking the canvas leaves it unusable: remount a fresh canvas on the main thread
  const [mainThread, setMainThread] = useState(false);
  const [mode, setMode] = useState<'worker' | 'main' | null>(null);
  // a canvas can be handed to a worker once: a re-run of the effect (StrictMode in development) needs a fresh element
  const [generation, setGeneration] = useState(0);

  // null (not yet known) in the render that hydrates, unlike useReducedMotion's false: nothing may start before this runs
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a read of the browser once live, by design
  useEffect(() => setStill(prefersReducedMotion()), []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const host = hostRef.current;
    if (still !== false || !canvas || !host) return;
    if (transferred.has(canvas)) {
      setGeneration((value) => value + 1);
      return;
    }
    let controller: Controller | null = null;
    if (!mainThread && canUseWorker(canvas)) controller = startRippleWorker(canvas, textureUrl, () => setMainThread(true));
    if (controller) {
      transferred.add(canvas);
      setMode('worker');
    } else {
      try {
        const engine = createRippleEngine(canvas, textureUrl);
        controller = { pause: engine.stop, resume: engine.start, disturb: engine.disturb, dispose: engine.stop };
      } catch {
        // no 2D canvas here: the hero keeps its gradient background
        return;
      }
      controller.resume();
      // eslint-disable-next-line react-hooks/set-state-in-effect -- records which engine the effect just started (the worker's is set alike)
      setMode('main');
    }
    const active = controller;

    let inView = true;
    const update = () => (inView && document.visibilityState === 'visible' ? active.resume() : active.pause());
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            inView = entries.some((entry) => entry.isIntersecting);
            update();
          });
    observer?.observe(host);
    document.addEventListener('visibilitychange', update);

    let lastMove = 0;
    const onPointer = (event: PointerEvent) => {
      const now = performance.now();
      // a moving finger or mouse leaves a trail without flooding the worker with messages
      if (event.type === 'pointermove' && now - lastMove < 30) return;
      lastMove = now;
      const { x, y } = toCell(canvas.getBoundingClientRect(), event.clientX, event.clientY);
      active.disturb(x, y, event.type === 'pointerdown' ? 1.5 : 0.5);
    };
    host.addEventListener('pointermove', onPointer);
    host.addEventListener('pointerdown', onPointer);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
      host.removeEventListener('pointermove', onPointer);
      host.removeEventListener('pointerdown', onPointer);
      active.dispose();
    };
  }, [still, mainThread, generation, textureUrl, hostRef]);

  // the first screen's largest paint: its hint goes into the document's <head>, before the style sheets (decision 058).
  // A browser that cannot read AVIF skips a hint with its type, and the picture gives it the WebP
  preload(texture.fallback, {
    as: 'image',
    imageSrcSet: texture.avifSrcSet,
    imageSizes: '100vw',
    type: 'image/avif',
    fetchPriority: 'high',
  });

  return (
    <>
      <picture>
        <source type="image/avif" srcSet={texture.avifSrcSet} sizes="100vw" />
        <img
          className={styles.surface}
          src={texture.fallback}
          srcSet={texture.srcSet}
          sizes="100vw"
          alt=""
          width={1536}
          height={1152}
          fetchPriority="high"
        />
      </picture>
      {still === false && (
        <canvas
          key={`${mainThread ? 'main' : 'worker'}-${generation}`}
          ref={canvasRef}
          className={styles.surface}
          width={cells.width}
          height={cells.height}
          aria-hidden="true"
          data-mode={mode ?? undefined}
        />
      )}
    </>
  );
}
