/**
 * The remotes' releases as the panel's «Versiones» page shows them (issue #31 item 3, decision 044): what the API sends
 * the `mf_auth` page `Panel/Versiones`, and the labels both sides share. Types and labels only, and the address of the
 * release command's endpoints.
 */

/**
 * Where `npm run release` (api/scripts/release.ts) talks to a running site (decision 039). Here rather than in the API's
 * releases feature so that the command, a small HTTP client, does not load the API to learn one address.
 */
export const releasesPath = '/api/releases';

export const releaseStateLabels = {
  candidata: 'Candidata',
  activa: 'Activa',
  retirada: 'Retirada',
  rechazada: 'Rechazada',
} as const;
type ReleaseState = keyof typeof releaseStateLabels;

export const releaseActionLabels = {
  activacion: 'Activación',
  reversion: 'Reversión',
  'reversion-automatica': 'Reversión automática',
  importacion: 'Importación',
} as const;

/** One check of a release's pre-flight, or one page of its trial render. */
interface ReleaseCheckView {
  name: string;
  ok: boolean;
  detail: string;
}

/** A release of one remote, as the panel lists it. */
export interface ReleaseEntry {
  id: string;
  state: ReleaseState;
  manifestUrl: string;
  by: string;
  /** ISO 8601. */
  at: string;
  note: string | null;
  /** Why it was refused (empty unless `rechazada`). */
  reasons: string[];
  /** The pre-flight's checks and trial pages; empty for a release imported without one. */
  checks: ReleaseCheckView[];
  pages: ReleaseCheckView[];
  /** The pre-flight's duration in milliseconds, or null. */
  ms: number | null;
}

/** A line of a remote's release log. */
interface ReleaseChangeEntry {
  from: string;
  to: string;
  action: string;
  by: string;
  reason: string;
  at: string;
}

/** Each remote and what it serves: a release id, or `local` (its own build). */
interface RemoteServing {
  remote: string;
  active: string;
  candidates: number;
}

/** Props of `Panel/Versiones` (GET /panel/versiones and /panel/versiones/{remote}). */
export interface VersionesPageProps {
  remotes: RemoteServing[];
  /** The remote whose releases are shown (its page), or null on the list of remotes. */
  selected: {
    remote: string;
    active: string;
    releases: ReleaseEntry[];
    log: ReleaseChangeEntry[];
    /** The release «Revertir» goes back to (`local` for the local build), or null when there is none. */
    rollbackTo: string | null;
  } | null;
  /** The release this browser previews now, if any. */
  preview: { remote: string; release: string } | null;
}
