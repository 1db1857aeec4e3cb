import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { sha256 } from './tokens';
import type { AppEnv } from '../types';

export const idempotencyMessages = {
  invalidKey: 'La cabecera Idempotency-Key no es válida: usa entre 16 y 128 letras, números, guiones, puntos o dos puntos.',
  reused: 'Esta clave Idempotency-Key ya se usó con otro envío.',
} as const;

/** How long a key's first answer is kept and replayed. */
const idempotencyWindowHours = 24;
const keyPattern = /^[\w.:-]{16,128}$/;
const window = sql.raw(`interval '${idempotencyWindowHours} hours'`);

/**
 * What tells two sends of one submission from two submissions: the body's bytes (never decoded as text: a photo's upload
 * is binary, and the handler reads its form from this same cached body). A multipart body leaves out its boundary,
 * which the browser draws anew for every send: a retry of the same form is the same submission.
 */
function fingerprintOf(body: ArrayBuffer, contentType: string | undefined): string {
  const bytes = Buffer.from(body);
  const boundary = /^multipart\/form-data\s*;.*\bboundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return sha256(bytes);
  const marker = Buffer.from(`--${boundary}`);
  const hash = createHash('sha256');
  let from = 0;
  for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, from)) {
    hash.update(bytes.subarray(from, at)).update('\0part\0');
    from = at + marker.length;
  }
  return hash.update(bytes.subarray(from)).digest('hex');
}

/** Thrown by `record` when another request with the same key committed first; answered with that request's answer. */
class IdempotencyConflict extends HTTPException {
  constructor() {
    super(409, { message: 'idempotency key committed by another request' });
  }
}

export interface IdempotencyClaim {
  /**
   * Stores the answer in the handler's own transaction, so the answer and what the handler stored commit together or
   * not at all: a retry after a lost answer finds one or the other, never half. Throws `IdempotencyConflict` when a
   * request with the same key committed first (its transaction rolls back).
   */
  record(tx: Tx, status: number, body: unknown): Promise<void>;
}

interface Stored {
  fingerprint: string;
  status: number;
  body: string;
}

async function storedAnswer(database: Database, key: string): Promise<Stored | undefined> {
  const [row] = await database
    .use()
    .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, sql`now() - ${window}`)))
    .limit(1);
  return row;
}

/** Inserts the answer, replacing an expired one; false when a live answer for the key already exists. */
async function insertAnswer(
  db: Tx | ReturnType<Database['use']>,
  key: string,
  fingerprint: string,
  status: number,
  body: string,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ key, fingerprint, status, body })
    .onConflictDoUpdate({
      target: idempotencyKeys.key,
      set: { fingerprint, status, body, createdAt: sql`now()` },
      where: lt(idempotencyKeys.createdAt, sql`now() - ${window}`),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

function replay(c: Context<AppEnv>, stored: Stored): Response {
  return c.body(stored.body, stored.status as 200, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
}

/**
 * `Idempotency-Key` on form posts (issue #15 row 3). The same key on the same path within 24 hours answers the first
 * successful answer again, from the database, so on any instance, and the handler does not run: nothing is stored
 * twice, and a balancer may retry a POST on another instance. The same key with another body is a 422. Handlers that
 * store something record their answer in their own transaction (`c.var.idempotency.record`); other successful
 * answers are recorded after the fact, except those that set a cookie (a replay must not hand out a session).
 * Failures (4xx, 5xx) are not recorded: a retry runs again.
 *
 * @example
 * app.use('*', idempotency({ database }))
 * // in a handler's transaction, after its insert:
 * await c.var.idempotency?.record(tx, 201, { message })
 */
export function idempotency({ database }: { database: Database }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('idempotency', null);
    const header = c.req.header('Idempotency-Key');
    if (c.req.method !== 'POST' || header === undefined) return next();
    if (!keyPattern.test(header)) return c.json({ message: idempotencyMessages.invalidKey }, 400);

    const key = sha256(`${c.req.method} ${c.req.path} ${header}`);
    const fingerprint = fingerprintOf(await c.req.arrayBuffer(), c.req.header('Content-Type'));
    const answered = (stored: Stored) =>
      stored.fingerprint === fingerprint ? replay(c, stored) : c.json({ message: idempotencyMessages.reused }, 422);
    const earlier = await storedAnswer(database, key);
    if (earlier) return answered(earlier);

    let recorded = false;
    c.set('idempotency', {
      async record(tx, status, body) {
        if (!(await insertAnswer(tx, key, fingerprint, status, JSON.stringify(body)))) throw new IdempotencyConflict();
        recorded = true;
      },
    });
    await next();

    const status = c.res.status;
    if (c.error instanceof IdempotencyConflict || (!recorded && status >= 400)) {
      // another request with this key got there first (a retry racing its original): answer what it answered
      const winner = await storedAnswer(database, key).catch(() => undefined);
      if (winner) c.res = answered(winner);
      return;
    }
    if (!recorded && status >= 200 && status < 300 && !c.res.headers.has('Set-Cookie')) {
      const body = await c.res.clone().text();
      await insertAnswer(database.use(), key, fingerprint, status, body).catch((error: unknown) => {
        c.get('log').warn({ err: (error as Error).message }, 'no se pudo guardar la respuesta de la clave de idempotencia');
      });
    }
  };
}
