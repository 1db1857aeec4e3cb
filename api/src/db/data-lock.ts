import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') }
      : null;
  } catch {
    return null;
  }
}

/** Whether `owner` may still be running: on another machine we cannot know, so yes. */
function alive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process alone (issue #12 row 5): two processes writing one PGlite
 * folder lose rows without a word. The lock is a file, linked into place only if absent, holding the owner's pid and host.
 * A lock left by a process that is gone (a `kill -9`, a crash) is stale and taken over; a live owner stops the start
 * with a message that says what to do. Returns the function that releases the lock (also run at exit).
 *
 * @example
 * const release = acquireDataLock(env.dbDir) // throws while another process serves from the same folder
 */
export function acquireDataLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'gota-api.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    // written whole to a file of our own, then linked into place: the lock never exists half-written, and `link`
    // fails if it already exists
    const draft = `${file}.${process.pid}`;
    writeFileSync(
      draft,
      JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() } satisfies LockOwner),
    );
    try {
      linkSync(draft, file);
      unlinkSync(draft);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) unlinkSync(file);
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      unlinkSync(draft);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner && alive(owner)) {
      throw new Error(
        `Otro proceso (pid ${owner.pid} en ${owner.host}, desde ${owner.since}) ya usa la base de datos de ${dir}. ` +
          'Dos procesos sobre la misma carpeta de PGlite pierden datos: detén el otro, usa otra DATA_DIR o PostgreSQL ' +
          `(DATABASE_URL). Si estás seguro de que no hay otro, borra ${file}.`,
      );
    }
    // stale (or unreadable): moved aside atomically, so of two processes taking it over only one succeeds
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      unlinkSync(`${file}.stale-${process.pid}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`No se pudo tomar el candado de la base de datos ${file}`);
}
