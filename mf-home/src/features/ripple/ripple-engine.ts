/**
 * The water-ripple simulation of the hero (product §4: 384 × 288 cells at 60 fps) refracting a texture.
 *
 * Why one self-contained function: the same code runs in a Web Worker (on an OffscreenCanvas) or, where that is not
 * possible, on the main thread. The worker is started from a blob built from this function's source text, which works
 * whatever origin the remote is served from (a cross-origin worker script is not allowed, and the CSP allows `blob:`
 * workers). So nothing in here may refer to anything outside the function: no imports, no module constants.
 */
export interface RippleEngine {
  start(): void;
  stop(): void;
  /** Drops a ripple at a cell (0..384, 0..288); `strength` 1 is a finger tap. */
  disturb(x: number, y: number, strength?: number): void;
}

type RippleCanvas = HTMLCanvasElement | OffscreenCanvas;
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function createRippleEngine(canvas: RippleCanvas, textureUrl: string): RippleEngine {
  const W = 384;
  const H = 288;
  const frameMs = 1000 / 60;
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d') as Context2D | null;
  let current = new Int16Array(W * H);
  let previous = new Int16Array(W * H);
  const output = new ImageData(W, H);
  const out32 = new Uint32Array(output.data.buffer);
  let texture: Uint32Array = new Uint32Array(W * H);
  let running = false;
  let handle: number | ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  let nextDrop = 0;
  const scope = globalThis as unknown as {
    requestAnimationFrame?: (cb: (time: number) => void) => number;
    cancelAnimationFrame?: (id: number) => void;
  };

  // until the image arrives (or if it never does) the water is a blue gradient
  const gradient = (): Uint32Array => {
    const pixels = new Uint32Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const t = y / H;
        const wave = Math.sin((x + y * 0.6) / 18) * 10;
        const r = Math.round(10 + 30 * t + wave * 0.3);
        const g = Math.round(90 + 60 * (1 - t) + wave);
        const b = Math.round(170 + 60 * (1 - t) + wave);
        // ImageData is RGBA in memory: little-endian Uint32 reads it as ABGR
        pixels[y * W + x] = (255 << 24) | (b << 16) | (g << 8) | r;
      }
    }
    return pixels;
  };
  texture = gradient();

  const loadTexture = async () => {
    const response = await fetch(textureUrl);
    if (!response.ok) return;
    const bitmap = await createImageBitmap(await response.blob());
    const scratch = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(W, H) : null;
    const sctx = scratch?.getContext('2d');
    if (!sctx) return;
    // cover: crop the image to the simulation's 4:3 shape
    const scale = Math.max(W / bitmap.width, H / bitmap.height);
    const sw = W / scale;
    const sh = H / scale;
    sctx.drawImage(bitmap, (bitmap.width - sw) / 2, (bitmap.height - sh) / 2, sw, sh, 0, 0, W, H);
    texture = new Uint32Array(sctx.getImageData(0, 0, W, H).data.buffer.slice(0));
  };
  loadTexture().catch(() => undefined);

  const disturb = (x: number, y: number, strength = 1) => {
    const cx = Math.round(x);
    const cy = Math.round(y);
    const radius = 3;
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const px = cx + dx;
        const py = cy + dy;
        if (px < 1 || py < 1 || px >= W - 1 || py >= H - 1 || dx * dx + dy * dy > radius * radius) continue;
        previous[py * W + px] = Math.max(-2048, Math.min(2047, (previous[py * W + px] ?? 0) + 512 * strength));
      }
    }
  };

  const step = () => {
    for (let y = 1; y < H - 1; y++) {
      for (let x = 1; x < W - 1; x++) {
        const i = y * W + x;
        let value = (((previous[i - 1]! + previous[i + 1]! + previous[i - W]! + previous[i + W]!) >> 1) - current[i]!) | 0;
        value -= value >> 5; // damping: rings fade out
        current[i] = value;
      }
    }
    const swap = current;
    current = previous;
    previous = swap;
  };

  const render = () => {
    for (let y = 1; y < H - 1; y++) {
      for (let x = 1; x < W - 1; x++) {
        const i = y * W + x;
        const dx = previous[i - 1]! - previous[i + 1]!;
        const dy = previous[i - W]! - previous[i + W]!;
        const tx = Math.min(W - 1, Math.max(0, x + (dx >> 4)));
        const ty = Math.min(H - 1, Math.max(0, y + (dy >> 4)));
        const pixel = texture[ty * W + tx]!;
        // light the slopes facing up-left, darken the others
        const shade = Math.max(-40, Math.min(40, dx >> 3));
        const r = Math.min(255, Math.max(0, (pixel & 255) + shade));
        const g = Math.min(255, Math.max(0, ((pixel >> 8) & 255) + shade));
        const b = Math.min(255, Math.max(0, ((pixel >> 16) & 255) + shade));
        out32[i] = (255 << 24) | (b << 16) | (g << 8) | r;
      }
    }
    ctx?.putImageData(output, 0, 0);
  };

  const schedule = () => {
    handle = scope.requestAnimationFrame
      ? scope.requestAnimationFrame(frame)
      : setTimeout(() => frame(performance.now()), frameMs);
  };

  // 60 steps a second whatever the display's refresh rate
  function frame(time: number) {
    if (!running) return;
    if (time - last >= frameMs - 1) {
      last = time;
      if (time >= nextDrop) {
        disturb(2 + Math.random() * (W - 4), 2 + Math.random() * (H - 4), 0.6 + Math.random() * 0.6);
        nextDrop = time + 700 + Math.random() * 1300;
      }
      step();
      render();
    }
    schedule();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    stop() {
      running = false;
      if (handle === undefined) return;
      if (scope.cancelAnimationFrame && typeof handle === 'number') scope.cancelAnimationFrame(handle);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
      handle = undefined;
    },
    disturb,
  };
}
