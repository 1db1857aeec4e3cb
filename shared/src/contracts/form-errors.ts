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

/** A 422 body with a single message on one field. */
export function fieldError(field: string, message: string): ValidationErrorBody {
  return { message, errors: { [field]: [message] } };
}
