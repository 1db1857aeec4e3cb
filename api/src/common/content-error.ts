// The content's two errors: a content file that does not match its schema (the stories' and the sets' files), and a
// change of a set refused (by the sets' code, or by the inbox's «Convertir en aliado» inside the allies' save). Here,
// outside the features, so that the inbox and the content need not import each other (decision 070).

/** A content file that does not match its schema: the message names the file and the field. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** A change of a content set that cannot be made as asked; nothing changed. */
export class ContentSetRefused extends Error {
  override name = 'ContentSetRefused';
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}
