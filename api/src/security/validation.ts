import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { z } from 'zod';
import { validationErrorBody } from '@gota/shared/contracts';
import type { AppEnv } from '../types';

const bodyMessages = {
  contentType: 'Envía los datos como JSON (Content-Type: application/json).',
  contentTypeOrForm:
    'Envía los datos como JSON (Content-Type: application/json) o como formulario (application/x-www-form-urlencoded).',
  malformed: 'El cuerpo de la solicitud no es JSON válido.',
  notObject: 'Envía un objeto JSON con los campos del formulario.',
} as const;

const jsonType = /^application\/json\s*(;|$)/i;
/** What a browser posts a form as without JavaScript (decision 043): the only other body the form routes read. */
const formType = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const isForm = (c: Context) => formType.test(c.req.header('Content-Type') ?? '');

/**
 * The JSON step of a form post (architecture §4), before its validation: 415 for another content type, 400 for a body
 * that does not parse, 422 for JSON that is not an object, each with a Spanish message. The body size was already
 * limited by `bodyLimit`. The parsed body stays in Hono's body cache, where the validator after it reads it.
 *
 * @example
 * factory.createHandlers(jsonBody, validate('json', LoginSchema), (c) => …)
 */
export const jsonBody: MiddlewareHandler<AppEnv> = (c, next) => readJson(c, next, bodyMessages.contentType);

/**
 * `jsonBody` for a form that also works without JavaScript (decision 043): a urlencoded body, what the browser posts by
 * itself, goes on to `validateBody`; any other type that is not JSON is the 415, which names both.
 *
 * @example
 * factory.createHandlers(formOrJsonBody, validateBody(LoginSchema), (c) => c.req.valid('json'))
 */
export const formOrJsonBody: MiddlewareHandler<AppEnv> = (c, next) =>
  isForm(c) ? next() : readJson(c, next, bodyMessages.contentTypeOrForm);

async function readJson(c: Context<AppEnv>, next: Next, wrongType: string): Promise<Response | void> {
  if (!jsonType.test(c.req.header('Content-Type') ?? '')) return c.json({ message: wrongType }, 415);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json({ message: bodyMessages.malformed }, 400);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return c.json({ message: bodyMessages.notObject, errors: {} }, 422);
  await next();
}

/**
 * What a route answers when its input does not validate. `input` is what the validator was given (the body, the query
 * or the path's parameters), before validation.
 */
export type OnInvalid = (c: Context<AppEnv>, error: z.core.$ZodError, input: unknown) => Response | Promise<Response>;

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
export function validate<Target extends 'json' | 'form' | 'query' | 'param', S extends z.ZodType>(
  target: Target,
  schema: S,
  onInvalid: OnInvalid = unprocessable,
) {
  // @hono/zod-validator does not infer the app's environment for its hook: the request is the app's all the same
  return zValidator(target, schema, (result, c) =>
    result.success ? undefined : onInvalid(c as Context<AppEnv>, result.error, result.data),
  );
}

/**
 * Validates a form's body, JSON or urlencoded (after `formOrJsonBody`), with the one schema and the one hook: what a
 * script sends and what the browser posts without one are judged alike (decisions 038, 043). The handler reads the
 * result as `c.req.valid('json')` either way. A form's fields arrive as text (a ticked box as `'on'`, a field sent twice
 * as a list), which the schema takes or refuses as it would the same values in JSON.
 *
 * @example
 * factory.createHandlers(formOrJsonBody, validateBody(RecoverySchema), (c) => c.req.valid('json').email)
 */
export function validateBody<S extends z.ZodType>(schema: S, onInvalid: OnInvalid = unprocessable) {
  const json = validate('json', schema, onInvalid);
  const form = validate('form', schema, onInvalid);
  const either: typeof json = (c, next) =>
    isForm(c)
      ? form(c as unknown as Parameters<typeof form>[0], async () => {
          // one result for the handler, whichever way the body came
          c.req.addValidatedData('json', (c as unknown as Parameters<typeof form>[0]).req.valid('form') as object);
          await next();
        })
      : json(c, next);
  return either;
}
