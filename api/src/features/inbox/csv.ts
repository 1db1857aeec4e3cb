/** The byte order mark that makes Excel read a CSV file as UTF-8 (accents intact). */
export const utf8Bom = '\uFEFF';

/**
 * One CSV cell (RFC 4180): a value a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) gets an apostrophe in front, so it is shown as text; a value with a comma, a quote or a line break
 * is quoted, its quotes doubled.
 *
 * @example
 * csvCell('=HYPERLINK("x")') // '"\'=HYPERLINK(""x"")"'
 */
function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with CRLF as RFC 4180 asks. */
export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
