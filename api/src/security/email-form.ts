import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppServices } from '../app-services';
import { parseJsonBody } from './json-body';
import { throttleIdentity } from './throttle';

export type ParsedEmailForm<T> =
  | { ok: true; data: T; raw: Record<string, unknown>; email: string }
  | { ok: false; response: Response };

/**
 * The body of a form that names a person by email (registration, recovery, contact): read and validated as
 * `parseJsonBody` does, `email` lower-cased, and the attempt counted against that email (`throttleIdentity`, action
 * `action`). When `ok` is false, `response` is the answer to send: the body's 4xx, or 429 over the identity limit.
 *
 * @example
 * const form = await parseEmailForm(services, c, RecoverySchema, 'recuperar')
 * if (!form.ok) return form.response
 */
export async function parseEmailForm<S extends z.ZodType<{ email: string }>>(
  services: Pick<AppServices, 'env' | 'database'>,
  c: Context,
  schema: S | ((raw: Record<string, unknown>) => S),
  action: string,
): Promise<ParsedEmailForm<z.infer<S>>> {
  const body = await parseJsonBody(c, schema);
  if (!body.ok) return body;
  // people type their address in any case; it is stored, compared and counted lower-cased, so that uniqueness, sign-in
  // and the attempt limits ignore case
  const email = body.data.email.toLowerCase();
  const limited = await throttleIdentity(services, c, action, email);
  if (limited) return { ok: false, response: limited };
  return { ...body, email };
}
