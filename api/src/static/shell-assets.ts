import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ShellAssets } from '../pages/document';

/** How long a read of `entry-assets.json` is trusted before its modification time is looked at again. */
const recheckMs = 500;

/**
 * The shell's entry files, from the `entry-assets.json` its build writes. Re-read when the file changes (watch mode,
 * a deploy), noticed within half a second: every page asks, and a `stat` per request was a measurable part of one;
 * without a build the API still answers (tests of the API alone), with a document that loads no script.
 */
export function shellAssetsSource(shellDist: string): () => ShellAssets {
  const file = path.join(shellDist, 'entry-assets.json');
  let cached: { mtimeMs: number; assets: ShellAssets } | undefined;
  let checkedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (cached && now - checkedAt < recheckMs) return cached.assets;
    checkedAt = now;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      cached = undefined;
      return { js: [], css: [], hash: 'sin-compilar' };
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, assets: JSON.parse(readFileSync(file, 'utf8')) as ShellAssets };
    }
    return cached.assets;
  };
}
