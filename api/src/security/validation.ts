import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { validationErrorBody } from '@gota/shared/contracts';

const bodyMessages = {
  contentType: 'Envía los datos como JSON (Content-Type: application/json).',
  malformed: 'El cuerpo de la solicitud no es JSON válido.',
  notObject: 'Envía un objeto JSON con los campos del formulario.',
} as const;

const jsonType = /^application\/json\s*(;|$)/i;

/**
 * The JSON step of a form post (architecture §4), before its validation: 415 for another content type, 400 for a body
 * that does not parse, 422 for JSON that is not an object, each with a Spanish message. The body size was already
 * limited by `bodyLimit`. The parsed body stays in Hono's body cache, where the validator after it reads it.
 *
 * @example
 * factory.createHandlers(jsonBody, validate('json', LoginSchema), (c) => …)
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!jsonType.test(c.req.header('Content-Type') ?? '')) return c.json({ message: bodyMessages.contentType }, 415);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ message: bodyMessages.malformed }, 400);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return c.json({ message: bodyMessages.notObject, errors: {} }, 422);
  await next();
};

/**
 * What a route answers when its input does not validate. `input` is what the validator was given (the body, the query
 * or the path's parameters), before validation.
 */
export type OnInvalid = (c: Context, error: z.core.$ZodError, input: unknown) => Response | Promise<Response>;

/** The answer of architecture §4 to a form that does not validate: 422 `{message, errors: {field: [messages]}}`. */
const unprocessable: OnInvalid = (c, error) => c.json(validationErrorBody(error), 422);

/**
 * Validates one part of the request with a schema of `@gota/shared/schemas` (@hono/zod-validator): the handler reads
 * the result, typed, with `c.req.valid(target)`. A failure answers the 422 of architecture §4 unless the route says
 * otherwise (`onInvalid`: a page that renders with its errors, a 404 for an id that names nothing). A JSON body goes
 * through `jsonBody` first.
 *
 * @example
 * factory.createHandlers(validate('param', LeadParamsSchema, notFound), (c) => c.req.valid('param').id)
 */
export function validate<Target extends 'json' | 'query' | 'param', S extends z.ZodType>(target: Target, schema: S, onInvalid: OnInvalid = unprocessable) {
  return zValidator(target, schema, (result, c) => (result.success ? undefined : onInvalid(c, result.error, result.data)));
}
