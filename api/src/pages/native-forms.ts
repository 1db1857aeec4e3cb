import type { Context, MiddlewareHandler } from 'hono';
import { authFailureLine, type FormPageProps } from '@gota/shared/contracts';
import { routeTable, type RouteName } from '@gota/shared/routes';
import { safeReturnPath } from '@gota/shared/schemas';
import type { AppEnv, PageStatus } from '../types';

/** What the page of a form is given when it answers a post sent without JavaScript. */
export type NativeAnswerProps = FormPageProps & { errors?: Record<string, string> };

/** The fields of the posted form, text only (a field sent twice: its first value). */
type SentFields = Record<string, string>;

export interface NativeFormOptions {
  /**
   * The form's page for this request, with what the answer adds (errors, the fields sent back, a success's message),
   * at the answer's status. `sent` is what the browser posted, for what the page shows besides (the sign-in's `volver`).
   */
  page: (c: Context<AppEnv>, props: NativeAnswerProps, status: PageStatus, sent: SentFields) => Response | Promise<Response>;
  /**
   * What a success (2xx) answers the browser, from the JSON the script would have got: a 303 to where the script
   * goes (`seeOther`), or the page with the success's message.
   */
  success: (c: Context<AppEnv>, answer: Record<string, unknown>, sent: SentFields) => Response | Promise<Response>;
  /** The fields shown again after a refusal, as they were sent: never a password. */
  keep?: readonly string[];
  /** The line a refusal other than a 422 shows (product §8): the account pages' by default. */
  line?: (status: number, message: string | undefined) => string;
}

const formType = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const noStore = 'private, no-store';
/** The longest field value sent back into a page: a form's fields are short, the page must stay small. */
const keptLength = 2000;

/**
 * Whether the browser itself sent this POST from a form, without a script (decision 043): a form's content type, no
 * `X-Requested-With` (the site's http client always sends it, product §7) and a navigation's `Accept`. Such a request
 * gets a page or a redirect back, never JSON.
 */
export function sentWithoutScript(c: Context<AppEnv>): boolean {
  return (
    c.req.method === 'POST' &&
    c.req.header('X-Requested-With') === undefined &&
    formType.test(c.req.header('Content-Type') ?? '') &&
    (c.req.header('Accept') ?? '').includes('text/html')
  );
}

/**
 * `303 See Other` to a path of this site, never stored by any cache: where a form sent without JavaScript leads after a
 * success, as the script would navigate. Anything that is not a path of this site leads home.
 */
export function seeOther(c: Context<AppEnv>, path: unknown): Response {
  c.header('Cache-Control', noStore);
  // a redirect has no body: the JSON answer it replaces must not lend it its type
  c.header('Content-Type', undefined);
  return c.redirect(safeReturnPath(path) ?? routeTable.index, 303);
}

/**
 * Leads the address of a GET form the browser sent by itself (before the page is live, or without JavaScript), which
 * lists every field, the empty ones too (`/panel?q=agua&tipo=&estado=`), to the address the live form writes: the same
 * parameters in the same order, without the empty ones (`/panel?q=agua`), with a 302 (decision 064). One page, one
 * address, whichever way it was asked for. An address without an empty parameter goes on to the route.
 *
 * @example
 * app.get(routerPath('buscar'), withoutEmptyParameters, handler)
 */
export const withoutEmptyParameters: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const parameters = [...url.searchParams];
  if (!parameters.some(([, value]) => value === '')) return next();
  const query = new URLSearchParams(parameters.filter(([, value]) => value !== '')).toString();
  return c.redirect(`${url.pathname}${query ? `?${query}` : ''}`, 302);
};

/** Where an answer's `{url}` or `{route}` (a named route without parameters) leads, as the sign-in's script reads it. */
export function answerPath(answer: Record<string, unknown>): string {
  const url = safeReturnPath(answer.url);
  if (url) return url;
  const name = answer.route;
  if (typeof name === 'string' && Object.hasOwn(routeTable, name) && !routeTable[name as RouteName].includes('{'))
    return routeTable[name as RouteName];
  return routeTable.index;
}

/** The first message of each field of a 422's `errors`; a 422 without field messages, its `message` on `form`. */
function firstMessages(answer: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const errors = answer.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [field, messages] of Object.entries(errors)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string' && first) out[field] = first;
    }
  }
  if (Object.keys(out).length === 0 && typeof answer.message === 'string') out.form = answer.message;
  return out;
}

async function sentFields(c: Context<AppEnv>): Promise<SentFields> {
  try {
    const body = await c.req.parseBody({ all: true });
    const out: SentFields = {};
    for (const [key, value] of Object.entries(body)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') out[key] = first.slice(0, keptLength);
    }
    return out;
  } catch {
    return {};
  }
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  if (!response.headers.get('Content-Type')?.startsWith('application/json')) return {};
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => ({}));
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * A form route that also works without JavaScript (issue #32, decision 043). Placed first on the route: the route's
 * throttles, validation and handler run as they do for the script, which gets its JSON untouched. For a post the
 * browser sent by itself, the JSON answer is turned into what a browser shows:
 * - a success: `success` (a 303 to where the script goes, or the page with the success's message);
 * - a 422: the form's page again, status 422, each field's first message in `errors` and the `keep` fields as sent;
 * - any other refusal (419, 429, 503…): the page with that failure's Spanish line (product §8) in `errors.form`,
 *   at the same status (a 429 keeps its `Retry-After`).
 * Cookies the handler set (a new session) stay on the answer; nothing of it is ever cacheable.
 *
 * @example
 * app.post(routerPath('registro'), nativeForm({ page, success: (c, answer) => seeOther(c, answer.url), keep: ['email'] }), …)
 */
export function nativeForm({ page, success, keep = [], line = authFailureLine }: NativeFormOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!sentWithoutScript(c)) return next();
    await next();
    const status = c.res.status;
    const answer = await jsonOf(c.res);
    const sent = await sentFields(c);
    let shown: Response;
    if (status >= 200 && status < 300) {
      shown = await success(c, answer, sent);
    } else {
      const values = Object.fromEntries(keep.filter((field) => field in sent).map((field) => [field, sent[field]!]));
      const errors =
        status === 422
          ? firstMessages(answer)
          : { form: line(status, typeof answer.message === 'string' ? answer.message : undefined) };
      // the refusal's own status, so a 429 is still a 429 with its Retry-After (a 419 too, which the type does not name)
      shown = await page(c, { errors, values }, status as PageStatus, sent);
    }
    shown.headers.set('Cache-Control', noStore);
    c.res = shown;
  };
}
