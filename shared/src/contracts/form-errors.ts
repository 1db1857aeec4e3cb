import type { z } from 'zod';

/** The body of a 422 (architecture §4): the first message, and every message by field. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const tooManyAttemptsMessage = 'Demasiados intentos, espera un minuto';
export const genericErrorMessage = 'Esto no debía de haber pasado, intenta más tarde';
export const csrfMismatchMessage = 'Error 419, No te reconocemos, por favor recarga la página.';
/** A 422's message when no rule gave one, and the subtitle of the shared handler's 'Atención' warning. */
export const checkFormMessage = 'Comprueba que los datos del formulario sean correctos';

/**
 * The account pages' line for a failed answer that is not a 422 (product §8): wait a minute (429), reload the page
 * (419, an expired or missing anti-forgery token), or 'Error: {status}, {the server's message}', never an English
 * reason phrase (decision 013). The browser's error handler shows it, and the API puts it on the page it answers a
 * form sent without JavaScript with (decision 043).
 *
 * @example
 * authFailureLine(503, undefined) // 'Error: 503, Esto no debía de haber pasado, intenta más tarde'
 */
export function authFailureLine(status: number, message: string | undefined): string {
  if (status === 429) return tooManyAttemptsMessage;
  if (status === 419) return csrfMismatchMessage;
  return `Error: ${status}, ${message ?? genericErrorMessage}`;
}

/**
 * Groups zod issues by their top-level field, one list of messages per field (the order of the rules).
 *
 * @example
 * const result = CompanyMessageSchema.safeParse(body)
 * if (!result.success) return c.json(validationErrorBody(result.error), 422)
 */
export function validationErrorBody(error: z.core.$ZodError): ValidationErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? checkFormMessage;
  return { message: first, errors };
}

/**
 * A 422 body whose messages are named by their whole place (`items.2.etiqueta`), for a form of lists whose rows each
 * show their own messages: the panel's facts and counters (decision 059), checked in the browser and on the server.
 */
export function validationErrorBodyByPath(error: z.core.$ZodError, fallback = checkFormMessage): ValidationErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { message: Object.values(errors)[0]?.[0] ?? fallback, errors };
}

/** A 422 body with a single message on one field. */
export function fieldError(field: string, message: string): ValidationErrorBody {
  return { message, errors: { [field]: [message] } };
}
