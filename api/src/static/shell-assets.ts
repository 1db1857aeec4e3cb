import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ShellAssets } from '../pages/document';

/**
 * The shell's entry files, from the `entry-assets.json` its build writes. Re-read when the file changes (watch mode);
 * without a build the API still answers (tests of the API alone), with a document that loads no script.
 */
export function shellAssetsSource(shellDist: string): () => ShellAssets {
  const file = path.join(shellDist, 'entry-assets.json');
  let cached: { mtimeMs: number; assets: ShellAssets } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return { js: [], css: [], hash: 'sin-compilar' };
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, assets: JSON.parse(readFileSync(file, 'utf8')) as ShellAssets };
    }
    return cached.assets;
  };
}
