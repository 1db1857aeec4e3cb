import path from 'node:path';
import { remoteFolder, remoteNames } from '@gota/shared/routes';

/** A URL path prefix of the embedded default and the build folder it serves. */
export interface BuildRoot {
  prefix: string;
  dir: string;
}

/**
 * Where the embedded default serves each build: the shell at /app/, each remote at /mf/<folder>/. The static routes
 * serve them to browsers; the renderer reads the server builds from the same folders (render/server-fetch.ts).
 */
export function buildRoots({ shellDist, repoRoot }: { shellDist: string; repoRoot: string }): BuildRoot[] {
  return [
    { prefix: '/app', dir: shellDist },
    ...remoteNames.map((remote) => ({
      prefix: `/mf/${remoteFolder(remote)}`,
      dir: path.join(repoRoot, remoteFolder(remote), 'dist'),
    })),
  ];
}

/** The file a root-relative URL path names inside the builds, or undefined (outside them, or `..` tricks). */
export function buildFile(roots: BuildRoot[], urlPath: string): string | undefined {
  for (const { prefix, dir } of roots) {
    if (!urlPath.startsWith(`${prefix}/`)) continue;
    const file = path.resolve(dir, `.${decodeURIComponent(urlPath.slice(prefix.length))}`);
    return file.startsWith(`${dir}${path.sep}`) ? file : undefined;
  }
  return undefined;
}
