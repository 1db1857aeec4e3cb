/** Thrown by `Database.use()` while the database cannot be used (not migrated yet, closed, or not configured). */
export class DatabaseUnavailableError extends Error {
  constructor(reason: string) {
    super(`Base de datos no disponible: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

/** The error of a database call that did not answer within `ms` (for `withTimeout`). */
export const unanswered = (ms: number) => () => new DatabaseUnavailableError(`sin respuesta en ${ms} ms`);

// SQLSTATE classes and driver errors that mean "the database is not reachable right now", as opposed to a bad query:
// 08 connection exception, 57P0x shutdown/starting up, 53 insufficient resources (53100 disk full, 53200 out of
// memory, 53300 too many connections): all pass without a restart once the cause is gone.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'ENOSPC',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  'Query read timeout',
  'No space left on device',
];

/** The error and its causes, outermost first (drizzle wraps driver errors in DrizzleQueryError.cause). */
function* causes(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True when a failure means the database is down or unreachable: forms answer 503 instead of 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const err of causes(error)) {
    if (err instanceof DatabaseUnavailableError) return true;
    const code = codeOf(err);
    if (code && (unavailableCodes.has(code) || code.startsWith('08') || code.startsWith('53'))) return true;
    const message = err instanceof Error ? err.message : '';
    if (unavailableMessages.some((text) => message.includes(text))) return true;
    if (err instanceof AggregateError && err.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

// Messages of node-postgres for a statement it refused to send: the client was already broken or closed.
const notSentMessages = ['is not queryable', 'timeout exceeded when trying to connect'];

/**
 * True when an "unavailable" failure proves the statement took no effect, so sending it again cannot apply it twice:
 * PostgreSQL answered it with an error (its transaction rolled back, e.g. 57P01 when a fast shutdown ends the
 * backend), or it never left this process (no connection could be opened, or the client was already broken). A
 * connection that dropped while the statement was on its way proves nothing: it may have committed (decision 041).
 */
export function neverApplied(error: unknown): boolean {
  for (const err of causes(error)) {
    const { severity, syscall } = (err ?? {}) as { severity?: unknown; syscall?: unknown };
    if (typeof severity === 'string' && codeOf(err)) return true; // an ErrorResponse: the server's own answer
    if (syscall === 'connect' || syscall === 'getaddrinfo') return true;
    const message = err instanceof Error ? err.message : '';
    if (notSentMessages.some((text) => message.includes(text))) return true;
    // one refused connect per address of the host (Node tries ::1 and 127.0.0.1 for localhost)
    if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every((inner) => neverApplied(inner))) return true;
  }
  return false;
}

/** True when the database cannot write for lack of disk space (SQLSTATE 53100, or ENOSPC from the file system). */
export function isDiskFull(error: unknown): boolean {
  for (const err of causes(error)) {
    const code = codeOf(err);
    if (code === '53100' || code === 'ENOSPC') return true;
    if (err instanceof Error && err.message.includes('No space left on device')) return true;
  }
  return false;
}

/** True for a unique-constraint violation (SQLSTATE 23505), optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const err of causes(error)) {
    if (codeOf(err) !== '23505') continue;
    if (!constraint) return true;
    const name = (err as { constraint?: unknown }).constraint;
    const detail = err instanceof Error ? err.message : '';
    return name === constraint || detail.includes(constraint);
  }
  return false;
}

/**
 * What may be logged about an error. Drizzle's message carries the query parameters (password hashes, emails, token
 * hashes), so only the SQL text with placeholders, the SQLSTATE and the driver's own message are kept.
 */
export function describeError(error: unknown): Record<string, unknown> {
  const outer = error instanceof Error ? error : new Error(String(error));
  const query = (outer as { query?: unknown }).query;
  if (typeof query === 'string') {
    const cause = (outer as { cause?: unknown }).cause;
    return {
      type: outer.name,
      query,
      code: codeOf(cause),
      message: cause instanceof Error ? cause.message : undefined,
      stack: cause instanceof Error ? cause.stack : undefined,
    };
  }
  return { type: outer.name, code: codeOf(outer), message: outer.message, stack: outer.stack };
}
