import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import parseRange from 'range-parser';
import type { AppEnv } from '../types';
import { matchesEtag } from './etag';

export interface StaticFileOptions {
  /** The file a request asks for, or null to pass it on (404 by the app). */
  resolve: (c: Context<AppEnv>) => string | null;
  /** Cache-Control by request path. */
  cacheControl: (requestPath: string) => string;
  /** Serve `.br` / `.gz` siblings to browsers that accept them. */
  precompressed?: boolean;
  /** `Access-Control-Allow-Origin: *` and a cross-origin resource policy (remotes loaded by another origin's shell). */
  cors?: boolean;
}

const encodings = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
// what the builds precompress: scripts, styles, JSON, HTML, SVG, source maps
const compressible = /^(text\/|application\/(javascript|json|xml|wasm)|image\/svg\+xml|[^;]+\+(json|xml))/i;

/** `bytes=0-0`, `bytes=-5`, `bytes=10-`, comma-separated; any other Range header is ignored (RFC 9110 §14.2). */
const byteRanges = /^bytes=\s*(\d+-\d*|-\d+)(\s*,\s*(\d+-\d*|-\d+))*\s*$/;

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** A weak validator from size and modification time: changes whenever the file is rewritten. */
function etagOf(stats: Stats, encoding?: string): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Static files with the validators and ranges HTTP promises (issue #12 rows 13, 14): a weak `ETag` on every file and
 * 304 to a matching `If-None-Match`; one byte range answered 206 with exactly those bytes, an unsatisfiable one 416
 * with `Content-Range: bytes *\/size`, anything else (several ranges, a malformed header, a stale `If-Range`) the whole
 * file. Ranges are served from the plain file, never from a compressed sibling.
 *
 * @example
 * app.use('/app/*', staticFiles({ resolve: (c) => inside(dist, c.req.path.slice(4)), cacheControl: () => 'no-cache' }))
 */
export function staticFiles({
  resolve,
  cacheControl,
  precompressed = false,
  cors = false,
}: StaticFileOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const file = resolve(c);
    const plain = file ? await fileStats(file) : null;
    if (!file || !plain) return next();
    const type = getMimeType(file) ?? 'application/octet-stream';
    const rangeHeader = c.req.header('Range');

    let served = { file, stats: plain, encoding: undefined as string | undefined };
    let vary = false;
    if (precompressed && compressible.test(type)) {
      const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
      for (const [encoding, suffix] of encodings) {
        const sibling = await fileStats(file + suffix);
        if (!sibling) continue;
        vary = true;
        if (!rangeHeader && accepted.has(encoding) && served.encoding === undefined)
          served = { file: file + suffix, stats: sibling, encoding };
      }
    }

    const etag = etagOf(served.stats, served.encoding);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': cacheControl(c.req.path),
      ETag: etag,
      'Last-Modified': served.stats.mtime.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    };
    if (served.encoding) headers['Content-Encoding'] = served.encoding;
    else headers['Accept-Ranges'] = 'bytes';
    if (vary) headers.Vary = 'Accept-Encoding';
    if (cors) {
      headers['Access-Control-Allow-Origin'] = '*';
      headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);

    if (matchesEtag(c.req.header('If-None-Match'), etag)) {
      c.header('Content-Type', undefined);
      return c.body(null, 304);
    }

    const size = served.stats.size;
    let start = 0;
    let end = size - 1;
    let status: 200 | 206 = 200;
    const ifRange = c.req.header('If-Range');
    const wellFormed = rangeHeader !== undefined && byteRanges.test(rangeHeader);
    if (wellFormed && !served.encoding && (!ifRange || ifRange === etag || ifRange === served.stats.mtime.toUTCString())) {
      const ranges = parseRange(size, rangeHeader, { combine: true });
      if (ranges === -1) {
        c.header('Content-Range', `bytes */${size}`);
        c.header('Content-Type', 'text/plain; charset=utf-8');
        return c.body('Rango no satisfacible', 416);
      }
      // several ranges: the whole file rather than a multipart answer
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
        start = ranges[0]!.start;
        end = ranges[0]!.end;
        status = 206;
        c.header('Content-Range', `bytes ${start}-${end}/${size}`);
      }
    }
    const length = size === 0 ? 0 : end - start + 1;
    c.header('Content-Length', String(length));
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status);
    return c.body(Readable.toWeb(createReadStream(served.file, { start, end })) as ReadableStream, status);
  };
}

/**
 * `requestPath` (already URL-decoded by Hono) as a file inside `root`, or null for anything that could leave it: `..`
 * or `.` segments, backslashes, NUL bytes, empty segments, a percent sign left after decoding.
 */
export function fileInside(root: string, requestPath: string): string | null {
  if (requestPath.length > 1024 || /[\0\\%]/.test(requestPath)) return null;
  const segments = requestPath.replace(/^\//, '').split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  const resolved = path.resolve(root, ...segments);
  return resolved.startsWith(path.resolve(root) + path.sep) ? resolved : null;
}
