import { z } from 'zod';

const AssetsSchema = z.object({
  js: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }),
  css: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }),
});

/** The part of a build's `mf-manifest.json` the server reads (Module Federation's format plus our sha256). */
const ManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({
    remoteEntry: z.object({ name: z.string(), path: z.string() }).optional(),
    ssrRemoteEntry: z.object({ name: z.string(), path: z.string() }),
    ssrRemoteEntrySha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** Module Federation's version: a remote runs on the shell's runtime (decision 017). */
    pluginVersion: z.string().optional(),
  }),
  shared: z.array(z.object({ name: z.string(), version: z.string().optional(), assets: AssetsSchema })).default([]),
  exposes: z
    .array(
      z.object({
        name: z.string(),
        assets: AssetsSchema,
        // the style sheets the browser loads with this module (our build's, see shared/build/build-plugins.mjs)
        ssrCss: z.array(z.string()).optional(),
      }),
    )
    .default([]),
});

type Manifest = z.infer<typeof ManifestSchema>;

/** One release of a remote (or of the shell), as the server knows it from its manifest. */
export interface RemoteRelease {
  name: string;
  /** Where the server fetches from (the local builds get `localOrigin`). */
  manifestUrl: string;
  /** The manifest's folder as the browser addresses it (root-relative for the embedded default). */
  browserBase: string;
  /** The server entry, with its hash in the query so that a new build is a new module to the runtime. */
  serverEntry: string;
  sha256: string;
  manifest: Manifest;
}

function joinPath(folder: string, name: string): string {
  return [folder, name].filter(Boolean).join('/');
}

/**
 * Reads a manifest: a remote whose manifest names no server entry (built before server rendering) cannot render on
 * the server, which the caller treats like a remote that is down.
 */
export function parseRelease(name: string, manifestUrl: string, browserUrl: string, json: unknown): RemoteRelease {
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `El manifiesto de ${name} (${browserUrl}) no describe una compilación de servidor: ${parsed.error.issues[0]?.message}`,
    );
  const manifest = parsed.data;
  const { ssrRemoteEntry, ssrRemoteEntrySha256 } = manifest.metaData;
  const entry = new URL(joinPath(ssrRemoteEntry.path, ssrRemoteEntry.name), manifestUrl);
  entry.searchParams.set('v', ssrRemoteEntrySha256.slice(0, 16));
  return {
    name,
    manifestUrl,
    browserBase: browserUrl.slice(0, browserUrl.lastIndexOf('/') + 1),
    serverEntry: entry.href,
    sha256: ssrRemoteEntrySha256,
    manifest,
  };
}

/**
 * The browser files of one exposed module (`./Blog`), as the browser addresses them: style sheets and scripts. The
 * style sheets are those the browser loads with the module (`ssrCss`); a manifest built before that field existed
 * gives every sheet Module Federation lists for it, sync and async, which may include the remote's other pages.
 */
export function exposeAssets(release: RemoteRelease, expose: string): { css: string[]; js: string[] } {
  const found = release.manifest.exposes.find((item) => item.name === expose || item.name === `./${expose}`);
  if (!found) return { css: [], js: [] };
  const url = (file: string) => `${release.browserBase}${file}`;
  return {
    css: (found.ssrCss ?? [...found.assets.css.sync, ...found.assets.css.async]).map(url),
    js: found.assets.js.sync.map(url),
  };
}

/** The browser's remote entry of a release (`remoteEntry.js`), preloaded with the page that needs it. */
export function browserEntry(release: RemoteRelease): string | undefined {
  const entry = release.manifest.metaData.remoteEntry;
  return entry ? `${release.browserBase}${joinPath(entry.path, entry.name)}` : undefined;
}
