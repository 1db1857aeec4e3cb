import type { Context } from 'hono';
import type { z } from 'zod';
import { validationErrorBody } from '@gota/shared/contracts';

const bodyMessages = {
  contentType: 'Envía los datos como JSON (Content-Type: application/json).',
  malformed: 'El cuerpo de la solicitud no es JSON válido.',
  notObject: 'Envía un objeto JSON con los campos del formulario.',
} as const;

const jsonType = /^application\/json\s*(;|$)/i;

export type ParsedBody<T> = { ok: true; data: T; raw: Record<string, unknown> } | { ok: false; response: Response };

/**
 * Reads a JSON object and validates it with a shared schema. Every failure is a 4xx with a Spanish message:
 * 415 wrong content type, 400 malformed JSON, 422 not an object or invalid fields (`{message, errors}`).
 * Unknown fields are dropped by the schema. The body size was already limited by `bodyLimit`. `schema` may be a
 * function of the raw object when one path takes two payloads (/contacto-empresa).
 *
 * @example
 * const body = await parseJsonBody(c, LoginSchema)
 * if (!body.ok) return body.response
 */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S | ((raw: Record<string, unknown>) => S),
): Promise<ParsedBody<z.infer<S>>> {
  if (!jsonType.test(c.req.header('Content-Type') ?? '')) {
    return { ok: false, response: c.json({ message: bodyMessages.contentType }, 415) };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: c.json({ message: bodyMessages.malformed }, 400) };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, response: c.json({ message: bodyMessages.notObject, errors: {} }, 422) };
  }
  const chosen = typeof schema === 'function' ? schema(raw as Record<string, unknown>) : schema;
  const result = chosen.safeParse(raw);
  if (!result.success) return { ok: false, response: c.json(validationErrorBody(result.error), 422) };
  return { ok: true, data: result.data, raw: raw as Record<string, unknown> };
}
