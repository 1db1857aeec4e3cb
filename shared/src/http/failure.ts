import { isAxiosError, type AxiosResponse } from './http-client';

/**
 * A failed request as the site tells it (product §8), read once from whatever a request rejected with. Every place that
 * shows or reacts to a failure reads this, never the answer's body: the error handler's two catalogues, the form
 * helper's field messages.
 */
export type Failure =
  /** No answer came (network down, server gone), or the error is not a request's at all. */
  | { kind: 'no-answer' }
  /** 422. */
  | ValidationFailure
  /** 419: the anti-forgery token expired or is missing. */
  | { kind: 'csrf'; status: 419; message?: string }
  /** 429: too many attempts, or a cooldown. */
  | { kind: 'throttled'; status: 429; message?: string; retryAfterSeconds?: number }
  /** Any other status. */
  | { kind: 'status'; status: number; message?: string };

/**
 * A 422. Its body is `{message, errors}` (architecture §4); `errors` is normally a field → messages map, but the
 * handler also accepts a plain list or a single string (`shape` says which came).
 */
interface ValidationFailure {
  kind: 'validation';
  status: 422;
  /** The body's `message`, when it is a non-empty string. */
  message?: string;
  /** `map`: `errors` was a field map; `list`: a list; `text`: one string; `none`: no usable `errors`. */
  shape: 'map' | 'list' | 'text' | 'none';
  /** The messages by field (only for `map`), each field's messages in order, text only. */
  fields: Record<string, string[]>;
  /** The messages that came without a field (for `list` and `text`). */
  loose: string[];
}

const messageOf = (data: unknown): string | undefined => {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
};

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((line): line is string => typeof line === 'string' && line !== '');

function readValidation(data: unknown): ValidationFailure {
  const message = messageOf(data);
  const base = {
    kind: 'validation' as const,
    status: 422 as const,
    ...(message ? { message } : {}),
    fields: {},
    loose: [] as string[],
  };
  // a body that is not an object (a bare list, a bare string) is read as the `errors` itself
  const errors = data && typeof data === 'object' && !Array.isArray(data) ? (data as { errors?: unknown }).errors : data;
  if (Array.isArray(errors)) return { ...base, shape: 'list', loose: errors.map(String) };
  if (typeof errors === 'string') return { ...base, shape: 'text', loose: [errors] };
  if (!errors || typeof errors !== 'object') return { ...base, shape: 'none' };
  const fields: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const messages = texts(value);
    if (messages.length > 0) fields[field] = messages;
  }
  return { ...base, shape: 'map', fields };
}

/** `Retry-After` in whole seconds (axios names response headers in lower case). */
function retryAfterOf(headers: AxiosResponse['headers']): number | undefined {
  const seconds = Number(headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * Reads a failed request: its status and what its answer says.
 *
 * @example
 * const failure = readFailure(error);
 * if (failure.kind === 'validation') form.setError(firstMessages(failure.fields));
 */
export function readFailure(error: unknown): Failure {
  if (!isAxiosError(error) || !error.response) return { kind: 'no-answer' };
  const { status, data, headers } = error.response;
  if (status === 422) return readValidation(data);
  const message = messageOf(data);
  const said = message ? { message } : {};
  if (status === 419) return { kind: 'csrf', status, ...said };
  if (status === 429) {
    const retryAfterSeconds = retryAfterOf(headers);
    return { kind: 'throttled', status, ...said, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
  }
  return { kind: 'status', status, ...said };
}

/** The first message of each field. */
export function firstMessages(fields: Record<string, readonly string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fields)) if (messages[0]) out[field] = messages[0];
  return out;
}
