/** What a form field may hold: text, a flag, a number, a file (or several), or a structured value sent as JSON. */
type FormValue = string | number | boolean | null | undefined | File | Blob | FileList | File[] | object;
export type FormValues = Record<string, FormValue>;

const isFile = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;
const isFileList = (value: unknown): value is FileList => typeof FileList !== 'undefined' && value instanceof FileList;

/** True when some field holds a file: the body must then be multipart (product §7). */
export function hasFiles(values: FormValues): boolean {
  return Object.values(values).some(
    (value) => isFile(value) || isFileList(value) || (Array.isArray(value) && value.some((item) => isFile(item))),
  );
}

/**
 * Builds the multipart body of product §7: files are appended as an array (`field[]`), objects and arrays travel as JSON
 * strings, flags as '1'/'0' (what a server reads from a checkbox), empty values are skipped.
 */
export function toFormData(values: FormValues): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (isFile(value)) body.append(`${key}[]`, value);
    else if (isFileList(value)) for (const file of Array.from(value)) body.append(`${key}[]`, file);
    else if (Array.isArray(value) && value.some((item) => isFile(item)))
      for (const file of value) body.append(`${key}[]`, file as Blob);
    else if (typeof value === 'boolean') body.append(key, value ? '1' : '0');
    else if (typeof value === 'object') body.append(key, JSON.stringify(value));
    else body.append(key, String(value));
  }
  return body;
}

/** Trims the text fields named (or every text field for `true`); passwords should stay as typed, so name the others. */
export function trimValues<T extends FormValues>(values: T, trim: boolean | readonly (keyof T)[] | undefined): T {
  if (!trim) return values;
  const out: FormValues = { ...values };
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (typeof value === 'string' && (trim === true || trim.includes(key))) out[key] = value.trim();
  }
  return out as T;
}
