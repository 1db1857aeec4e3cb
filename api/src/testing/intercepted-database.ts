import type { Database } from '../db/database';

/**
 * `inner`, with every query-builder entry point (`select`, `insert`, `transaction`…) read through `intercept`: it may
 * watch the access (return nothing: the real method is used) or return a stand-in for the method. `close` does
 * nothing, so the test's own database stays open.
 *
 * @example
 * const calls: string[] = []
 * const database = interceptedDatabase(inner, (method) => void calls.push(method))
 */
export function interceptedDatabase(
  inner: Database,
  intercept: (method: string) => ((...args: unknown[]) => unknown) | void,
): Database {
  return {
    get kind() {
      return inner.kind;
    },
    get ready() {
      return inner.ready;
    },
    get state() {
      return inner.state;
    },
    check: (budgetMs) => inner.check(budgetMs),
    reportFailure: (error) => inner.reportFailure(error),
    migrate: () => inner.migrate(),
    ping: (ms) => inner.ping(ms),
    close: async () => undefined,
    use: () =>
      new Proxy(inner.use(), {
        get(target, property, receiver) {
          const standIn = typeof property === 'string' ? intercept(property) : undefined;
          return standIn ?? (Reflect.get(target, property, receiver) as unknown);
        },
      }),
  };
}
