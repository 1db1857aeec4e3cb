import pg from 'pg';
import { describeError } from './errors';
import type { Logger } from '../logging/logger';

interface ChannelListener {
  stop(): Promise<void>;
}

/**
 * LISTEN on `channel` on a PostgreSQL connection of its own: `onChange` on every notification, and once the listener is
 * (re)connected, since a change may have passed while it was not. A lost connection is retried with a growing wait
 * (1 s to 10 s); meanwhile the caller's poll covers. `what` names the follower in the warning.
 */
function listenForChanges({
  url,
  channel,
  onChange,
  logger,
  what,
}: {
  url: string;
  channel: string;
  onChange: () => void;
  logger: Logger;
  what: string;
}): ChannelListener {
  let stopped = false;
  let client: pg.Client | undefined;
  const timers: NodeJS.Timeout[] = [];
  function listen(waitMs: number): void {
    if (stopped) return;
    const current = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, keepAlive: true });
    client = current;
    let lost = false;
    const retry = (error?: unknown) => {
      if (lost || stopped) return;
      lost = true;
      if (error)
        logger.warn(
          { err: describeError(error), retryMs: waitMs },
          `se perdió la escucha de cambios de ${what}; se reintenta (mientras, se consulta cada segundo)`,
        );
      void current.end().catch(() => undefined);
      timers.push(setTimeout(() => listen(Math.min(waitMs * 2, 10_000)), waitMs).unref());
    };
    current.on('error', retry);
    current.on('end', () => retry(new Error('conexión cerrada')));
    current.on('notification', () => onChange());
    current
      .connect()
      .then(() => current.query(`listen ${channel}`))
      .then(() => {
        waitMs = 1000;
        onChange();
      })
      .catch(retry);
  }
  listen(1000);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The life of a follower of the database: `start` listens on `channel` when there is a `listenUrl` (PostgreSQL) and
 * runs each of `every`'s tasks at its interval; `stop` ends both, and from then on `stopped()` says so (a refresh made
 * with `oneAtATime` reads it).
 *
 * @example
 * const life = followerLife({ listenUrl, channel: 'gota_releases', logger, what: 'versión' })
 * life.start(() => void refresh(), [[pollMs, () => void refresh()]])
 */
export function followerLife({
  listenUrl,
  channel,
  logger,
  what,
}: {
  listenUrl: string | undefined;
  channel: string;
  logger: Logger;
  what: string;
}) {
  let stopped = false;
  let listener: ChannelListener | undefined;
  const timers: NodeJS.Timeout[] = [];
  return {
    stopped: () => stopped,
    start(onChange: () => void, every: [ms: number, task: () => void][]): void {
      if (listenUrl) listener = listenForChanges({ url: listenUrl, channel, onChange, logger, what });
      for (const [ms, task] of every) timers.push(setInterval(task, ms).unref());
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await listener?.stop();
    },
  };
}

/**
 * A follower's refresh, one at a time: a call while one runs gets that run, and one more pass after it (it may have
 * missed a commit). A pass that throws ends the run and goes to `onError`.
 *
 * @example
 * const refresh = oneAtATime(readAgain, { stopped: () => stopped, onError: (error) => logger.warn({ err: error }, '…') })
 */
export function oneAtATime(
  work: () => Promise<void>,
  { stopped, onError }: { stopped: () => boolean; onError: (error: unknown) => void },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await work();
        } while (again && !stopped());
      } catch (error) {
        onError(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}
