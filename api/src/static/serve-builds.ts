import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { buildRoots } from './build-roots';

/** A file name carrying a content hash (`main.3f9a0c1b2d.js`) never changes, so browsers may keep it for a year. */
const hashedFile = /\.[0-9a-f]{10}\.[a-z0-9]+(\.map)?$/;

export function cacheControlFor(filePath: string): string {
  return hashedFile.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface StaticRoots {
  shellDist: string;
  /** Folder that holds `mf-*` workspace folders with their `dist/`. */
  repoRoot: string;
  publicDir: string;
}

/**
 * Serves the builds of the embedded default: the shell at /app/, each remote at /mf/<folder>/ (with CORS, as any static
 * host of a remote must), and the API's public files. Precompressed brotli and gzip siblings are used when accepted.
 */
export function serveBuilds(app: Hono, roots: StaticRoots): void {
  const withCaching = (prefix: string, root: string, cors: boolean) => {
    app.use(`${prefix}/*`, async (c, next) => {
      await next();
      if (c.res.status === 200 || c.res.status === 206) {
        c.res.headers.set('Cache-Control', cacheControlFor(c.req.path));
        c.res.headers.set('X-Content-Type-Options', 'nosniff');
        if (cors) {
          c.res.headers.set('Access-Control-Allow-Origin', '*');
          c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
        }
      }
    });
    app.use(
      `${prefix}/*`,
      serveStatic({ root, precompressed: true, rewriteRequestPath: (p) => p.slice(prefix.length) }),
    );
  };
  // the shell is only ever loaded by this site's pages; a remote may be loaded from any origin (CORS)
  for (const { prefix, dir } of buildRoots(roots)) withCaching(prefix, dir, prefix !== '/app');
  for (const prefix of ['/img']) withCaching(prefix, path.join(roots.publicDir, prefix.slice(1)), false);
  app.get('/favicon.svg', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'public, max-age=86400');
  }, serveStatic({ path: path.join(roots.publicDir, 'favicon.svg') }));
}
