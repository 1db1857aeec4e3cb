/**
 * Whether a request's `If-None-Match` names `etag`, so the answer is a 304: `*`, or any of its tags compared weakly
 * (RFC 9110 §13.1.2: `W/"x"` and `"x"` are the same). The one test of it for the site's files, photos and downloads.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}
