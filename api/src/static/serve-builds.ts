import path from 'node:path';
import type { Hono } from 'hono';
import { buildRoots } from './build-roots';
import { fileInside, staticFiles } from './static-files';
import type { AppEnv } from '../types';

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
  /** Serve `*.map` files (development). Production keeps its source maps private: a 404. */
  sourceMaps: boolean;
}

/**
 * Serves the builds of the embedded default: the shell at /app/, each remote at /mf/<folder>/ (with CORS, as any static
 * host of a remote must), and the API's public files. Precompressed brotli and gzip siblings are used when accepted;
 * every file has an ETag, so the unhashed ones (manifests, `remoteEntry.js`) revalidate with a 304.
 */
export function serveBuilds(app: Hono<AppEnv>, roots: StaticRoots): void {
  const mount = (prefix: string, root: string, cors: boolean) => {
    app.use(
      `${prefix}/*`,
      staticFiles({
        resolve: (c) =>
          !roots.sourceMaps && c.req.path.endsWith('.map') ? null : fileInside(root, c.req.path.slice(prefix.length)),
        cacheControl: cacheControlFor,
        precompressed: true,
        cors,
      }),
    );
  };
  // the shell is only ever loaded by this site's pages; a remote may be loaded from any origin (CORS)
  for (const { prefix, dir } of buildRoots(roots)) mount(prefix, dir, prefix !== '/app');
  mount('/img', path.join(roots.publicDir, 'img'), false);
  const favicon = path.join(roots.publicDir, 'favicon.svg');
  app.get(
    '/favicon.svg',
    staticFiles({ resolve: () => favicon, cacheControl: () => 'public, max-age=86400', precompressed: false }),
  );
}
