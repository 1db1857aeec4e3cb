/**
 * A path on this site to come back to after signing in (`/login?volver=…`), or null: it must start with one slash (not
 * `//host` or `/\host`, which a browser reads as another site) and be of reasonable length. Checked when the sign-in
 * page is served and again when the sign-in answers, so a value forged into the POST is refused too.
 *
 * @example
 * safeReturnPath('/panel?q=agua') // '/panel?q=agua'
 * safeReturnPath('//malo.example') // null
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // control characters (a header split) are never part of a path we link to; a browser drops tabs and line breaks
  // from a URL, so `/\t/malo.example` would become `//malo.example`
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  return value;
}

/** A return path inside the campaign team's inbox (`/panel`, `/panel?q=…`, `/panel/…`), or null. */
export function safePanelPath(value: unknown): string | null {
  const path = safeReturnPath(value);
  return path && /^\/panel(?:[/?#]|$)/.test(path) ? path : null;
}
