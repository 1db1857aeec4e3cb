import { isHttpError } from '@gota/shared/http';
import { csrfMismatchMessage, genericErrorMessage, tooManyAttemptsMessage } from '@gota/shared/contracts';

/** product §8 (account pages), with the corrected spelling of product §10.2. */
export const noResponseMessage = 'Error inesperado, intenta más tarde';

/**
 * The auth error catalogue (product §8): what a failed sign-in, registration, recovery or reset tells the person, one
 * line each. No answer → the unexpected-error line; 422 → every message of `errors`; 429 → wait a minute;
 * 419 → reload the page; any other status → 'Error: {status}, {the server's message}', never an English reason phrase.
 */
export function authErrorLines(error: unknown): string[] {
  if (!isHttpError(error) || !error.response) return [noResponseMessage];
  const { status, data } = error.response;
  if (status === 422) {
    const errors = (data as { errors?: unknown } | undefined)?.errors;
    const lines = errors && typeof errors === 'object' ? Object.values(errors).flat().filter((line): line is string => typeof line === 'string') : [];
    const message = (data as { message?: unknown } | undefined)?.message;
    return lines.length > 0 ? [...new Set(lines)] : [typeof message === 'string' ? message : noResponseMessage];
  }
  if (status === 429) return [tooManyAttemptsMessage];
  // the shared handler's line: an expired or missing anti-forgery token is fixed by reloading the page
  if (status === 419) return [csrfMismatchMessage];
  // product §8 says 'Error: {status}, {status text}', but a reason phrase is English (or Node's 'unknown' for 419):
  // the server's own Spanish message takes its place, and the generic line when there is none
  return [`Error: ${status}, ${messageOf(data) ?? genericErrorMessage}`];
}

function messageOf(data: unknown): string | undefined {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** The 422 messages that belong to no field of the form, for the error summary. */
export function unassignedLines(error: unknown, fields: readonly string[]): string[] {
  if (!isHttpError(error) || error.response?.status !== 422) return authErrorLines(error);
  const errors = (error.response.data as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  return Object.entries(errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => (Array.isArray(messages) ? messages : [messages]))
    .filter((line): line is string => typeof line === 'string');
}
