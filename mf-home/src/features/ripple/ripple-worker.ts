import { createRippleEngine, type RippleEngine } from './ripple-engine';

export type RippleMessage =
  | { type: 'init'; canvas: OffscreenCanvas; textureUrl: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'disturb'; x: number; y: number; strength: number };

/** Runs inside the worker: the engine draws straight onto the transferred canvas. Self-contained (see ripple-engine.ts). */
function workerMain(create: typeof createRippleEngine) {
  let engine: RippleEngine | undefined;
  self.onmessage = (event: MessageEvent<RippleMessage>) => {
    const message = event.data;
    if (message.type === 'init') {
      engine = create(message.canvas, message.textureUrl);
      engine.start();
      self.postMessage({ type: 'ready' });
    } else if (message.type === 'pause') engine?.stop();
    else if (message.type === 'resume') engine?.start();
    else if (message.type === 'disturb') engine?.disturb(message.x, message.y, message.strength);
  };
}

/** Whether this browser can draw from a worker: OffscreenCanvas, transferable canvases and blob URLs. */
export function canUseWorker(canvas: HTMLCanvasElement): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof canvas.transferControlToOffscreen === 'function' &&
    typeof URL.createObjectURL === 'function'
  );
}

/**
 * Moves the canvas to a worker started from a blob URL (allowed by the site's `worker-src 'self' blob:` and independent
 * of the origin this remote is served from). Returns null when the worker cannot be created; `onFail` reports a worker
 * that dies later (the canvas is then gone: the caller mounts a fresh one on the main thread).
 */
export function startRippleWorker(canvas: HTMLCanvasElement, textureUrl: string, onFail: () => void) {
  const source = `(${workerMain.toString()})(${createRippleEngine.toString()});`;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  let worker: Worker;
  try {
    worker = new Worker(url);
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
  worker.onerror = () => onFail();
  const offscreen = canvas.transferControlToOffscreen();
  // a blob worker resolves relative URLs against blob:, so the texture goes absolute
  const message: RippleMessage = { type: 'init', canvas: offscreen, textureUrl: new URL(textureUrl, location.href).href };
  worker.postMessage(message, [offscreen]);
  const post = (next: RippleMessage) => worker.postMessage(next);
  return {
    pause: () => post({ type: 'pause' }),
    resume: () => post({ type: 'resume' }),
    disturb: (x: number, y: number, strength = 1) => post({ type: 'disturb', x, y, strength }),
    dispose: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
}
