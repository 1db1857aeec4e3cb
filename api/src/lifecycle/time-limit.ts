/**
 * Time limits, in one place (issue #44 item 6): `settle` tells what became of a promise within `ms` and never throws;
 * `withTimeout` is its throwing form. Neither cancels the work itself.
 *
 * @example
 * const outcome = await settle(releases.load(id, snapshot), 300)   // { value } | { error } | { timedOut: true }
 * await withTimeout(driver.ping(), 2000, () => new DatabaseUnavailableError('sin respuesta'))
 */
export function settle<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | { error: unknown } | { timedOut: true }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ timedOut: true }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), ms);
  });
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/** `promise`'s value, or its error, or the error of `late` once `ms` have passed. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  const outcome = await settle(promise, ms);
  if ('value' in outcome) return outcome.value;
  throw 'error' in outcome ? outcome.error : late();
}
