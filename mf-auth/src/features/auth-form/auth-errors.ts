import { isAxiosError } from '@gota/shared/http';
import { tooManyAttemptsMessage } from '@gota/shared/contracts';

/** SPEC §8 "Auth forms", with the corrected spelling of SPEC "Decisions". */
export const noResponseMessage = 'Error inesperado, intenta más tarde';

/**
 * The auth error catalogue (SPEC §8): what a failed sign-in, registration, recovery or reset tells the person, one
 * line each. No answer → the unexpected-error line; 422 → every message of `errors`; 429 → wait a minute; any other
 * status → 'Error: {status}, {status text}'.
 */
export function authErrorLines(error: unknown): string[] {
  if (!isAxiosError(error) || !error.response) return [noResponseMessage];
  const { status, statusText, data } = error.response;
  if (status === 422) {
    const errors = (data as { errors?: unknown } | undefined)?.errors;
    const lines = errors && typeof errors === 'object' ? Object.values(errors).flat().filter((line): line is string => typeof line === 'string') : [];
    const message = (data as { message?: unknown } | undefined)?.message;
    return lines.length > 0 ? [...new Set(lines)] : [typeof message === 'string' ? message : noResponseMessage];
  }
  if (status === 429) return [tooManyAttemptsMessage];
  return [`Error: ${status}, ${statusText || statusTextOf(status)}`];
}

/** HTTP/2 answers carry no reason phrase: the standard one, so the line never ends in a bare comma. */
function statusTextOf(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    403: 'Forbidden',
    404: 'Not Found',
    413: 'Payload Too Large',
    419: 'Page Expired',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return texts[status] ?? 'Error';
}

/** The 422 messages that belong to no field of the form, for the error summary. */
export function unassignedLines(error: unknown, fields: readonly string[]): string[] {
  if (!isAxiosError(error) || error.response?.status !== 422) return authErrorLines(error);
  const errors = (error.response.data as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  return Object.entries(errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => (Array.isArray(messages) ? messages : [messages]))
    .filter((line): line is string => typeof line === 'string');
}
