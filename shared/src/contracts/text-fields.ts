// The rules of the site's text fields that need no validation library: what a plain text is and the Spanish messages.
// The zod building blocks that apply them are in `@gota/shared/schemas` (schemas/text-fields.ts).

/** C0 control characters other than tab and line breaks, DEL, and lone UTF-16 surrogates: PostgreSQL rejects NUL and mail headers must not carry line breaks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const lineBreaks = /[\t\n\r]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const invalidCharactersMessage = 'Contiene caracteres no permitidos';

/** No control characters (tab and line breaks only when `multiline`) and no lone surrogates. */
export function isPlainText(value: string, multiline = false): boolean {
  return !controlChars.test(value) && !loneSurrogate.test(value) && (multiline || !lineBreaks.test(value));
}
export const maxMessage = (max: number) => `Máximo ${max} caracteres`;

export interface TextFieldOptions {
  /** Message when the field is missing or blank. */
  required: string;
  max: number;
  /** Allows line breaks and tabs (a message body); single-line fields reject them. */
  multiline?: boolean;
  /** Trims surrounding spaces (not for passwords). Default true. */
  trim?: boolean;
}

export const emailMessages = {
  required: 'El correo es obligatorio',
  invalid: 'Correo electrónico inválido',
} as const;

export const passwordMessages = {
  required: 'La contraseña es obligatoria',
  min: 'La contraseña debe tener al menos 8 caracteres',
  max: 'La contraseña debe tener como máximo 64 caracteres',
  confirmationRequired: 'Confirma tu contraseña',
  mismatch: 'Las contraseñas no coinciden',
  /** Checked by the API only (the estimator's dictionaries stay on the server). */
  weak: 'Esa contraseña es muy fácil de adivinar. Usa una frase de varias palabras que no sea conocida.',
} as const;
