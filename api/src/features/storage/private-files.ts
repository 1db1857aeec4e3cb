import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Resolves `/{path}` inside `root`, or null when it is not a regular file inside it. Hono already decoded the query
 * once; nothing is decoded again, so `%2e%2e` stays a literal name. `..`, absolute paths, NUL bytes and backslashes
 * are refused, and the real path (symbolic links followed) must still be inside the real root.
 *
 * @example
 * const file = await resolvePrivateFile('/srv/data/private', '/informes/2025.pdf')
 */
export async function resolvePrivateFile(root: string, requested: string): Promise<string | null> {
  if (!requested || requested.length > 1024 || /[\0\\]/.test(requested)) return null;
  const segments = requested.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.includes('..')) return null;
  try {
    const realRoot = await realpath(root);
    const real = await realpath(path.join(realRoot, ...segments));
    if (!real.startsWith(realRoot + path.sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

const types: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
};

/** Content type by extension; unknown files are downloaded, never rendered. */
export function contentTypeOf(file: string): { type: string; inline: boolean } {
  const type = types[path.extname(file).toLowerCase()];
  // SVG can carry script: served as a download like any unknown type
  return type && !type.startsWith('image/svg')
    ? { type, inline: true }
    : { type: type ?? 'application/octet-stream', inline: false };
}
