/** A content file that does not match its schema: the message names the file and the field. */
export class ContentError extends Error {
  override name = 'ContentError';
}
