/** Escapes text for an XML text node or a double-quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );
}

/**
 * An editorial date (AAAA-MM-DD) as an RFC 822 date for RSS. Stories are dated in Mexico City time (UTC−6, no
 * daylight saving since 2022), so midnight there is 06:00 UTC and the feed never shows the day before.
 */
export function rfc822(isoDate: string): string {
  return new Date(`${isoDate}T06:00:00Z`).toUTCString();
}
