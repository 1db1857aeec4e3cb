import type { Context } from 'hono';
import type { AppEnv } from '../../types';
import { matchesEtag } from '../../static/etag';

/**
 * A kit file or the kit's ZIP as a download: saved under its name, never shown in the site's origin (an SVG or an HTML
 * page of the kit could hold a script: `attachment`, a sandboxing CSP and `nosniff` keep it from running), with its
 * SHA-256 as a strong ETag. `immutable`: the address names the bytes, so it is cached for ever; otherwise revalidated.
 */
export function sendDownload(
  c: Context<AppEnv>,
  file: { bytes: Uint8Array; sha256: string; contentType: string; fileName: string; immutable: boolean },
): Response {
  const etag = `"${file.sha256}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.bytes.length),
    'Content-Disposition': `attachment; filename="${file.fileName.replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
}
