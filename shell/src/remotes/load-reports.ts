import { http } from '@gota/shared/http';

/** Where the API counts a remote's file that did not load (api/src/features/releases/release-reports.routes.ts, decision 045). */
const reportsPath = '/api/release-reports';

/** Remotes already reported by this document: one report per remote and page load is enough to count a visitor. */
const reported = new Set<string>();

/**
 * The address of the file that failed, when the error names one in the remote's own folder: webpack's chunk errors carry
 * it in `request`, the federation runtime's write it in the message (beside links to its documentation, which are not it).
 */
export function failedFile(error: unknown, manifest: string, base: string = location.href): string | undefined {
  const folder = new URL('.', new URL(manifest, base)).href;
  const request = (error as { request?: unknown } | null)?.request;
  const named = [
    ...(typeof request === 'string' ? [request] : []),
    ...(String((error as Error | null)?.message ?? '').match(/https?:\/\/[^\s"'()<>]+/g) ?? []),
  ];
  return named.find((url) => url.startsWith(folder));
}

/**
 * Tells the API that `remote`'s code did not load in this browser, so a release whose files are missing is rolled back
 * by itself (decision 045). Through the site's one http client, with the page's anti-forgery token like any post:
 * the report is sent as the failure happens, while the page stays, so nothing needs to outlive an unload
 * (`navigator.sendBeacon` could not carry the token). Its answer, or its failure, is nobody's business here.
 */
export function reportLoadFailure(remote: string, manifest: string | undefined, error: unknown): void {
  if (manifest === undefined || reported.has(remote)) return;
  reported.add(remote);
  const file = failedFile(error, manifest);
  http.post(reportsPath, { remote, manifest, ...(file ? { file } : {}) }).catch(() => undefined);
}
