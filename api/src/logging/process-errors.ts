import { describeError } from '../db/errors';
import type { Logger } from './logger';

/**
 * Logs an uncaught exception or unhandled rejection as one JSON line (with the instance, like every line) before the
 * process exits with status 1, instead of Node's plain stack on stderr (issue #15 row 6). Exiting stays the right
 * answer: after an uncaught exception the process state is unknown; the supervisor (systemd, the container runtime)
 * starts it again.
 *
 * @example
 * logUncaughtErrors(logger)
 */
export function logUncaughtErrors(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  const fatal = (origin: string) => (error: unknown) => {
    logger.fatal({ err: describeError(error), origin }, 'error no controlado; el proceso termina');
    exit(1);
  };
  process.on('uncaughtException', fatal('uncaughtException'));
  process.on('unhandledRejection', fatal('unhandledRejection'));
}
