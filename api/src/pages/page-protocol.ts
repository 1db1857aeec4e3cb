import type { Context, MiddlewareHandler } from 'hono';
import { inertiaHeaders, type PageObject } from '@gota/shared/contracts';

export interface PageProtocolOptions {
  /** Public origin (APP_URL): the reload location is built from it, never from the request's Host header. */
  appUrl: string;
  /** The current page version (changes when the shell or the registry changes). */
  version: () => string;
  /** The HTML document for a first visit. */
  document: (c: Context, page: PageObject) => string | Promise<string>;
  /** Props every page carries (who is signed in, the app name). */
  sharedProps: (c: Context) => Record<string, unknown>;
}

/** Selects the props a partial reload asked for; `errors` always stays (Inertia's rule). */
export function selectProps(
  component: string,
  props: Record<string, unknown>,
  headers: { partialComponent?: string | undefined; partialData?: string | undefined; partialExcept?: string | undefined },
): Record<string, unknown> {
  if (!headers.partialComponent || headers.partialComponent !== component) return props;
  const list = (value: string | undefined) => (value ? value.split(',').map((key) => key.trim()).filter(Boolean) : []);
  const only = list(headers.partialData);
  const except = list(headers.partialExcept);
  const selected = Object.fromEntries(
    Object.entries(props).filter(([key]) => key === 'errors' || ((only.length === 0 || only.includes(key)) && !except.includes(key))),
  );
  return selected;
}

async function resolveLazy(props: Record<string, unknown>): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(props).map(async ([key, value]) => [key, typeof value === 'function' ? await (value as () => unknown)() : value]),
  );
  return Object.fromEntries(entries);
}

/** The full URL of a request's path and query, as the page object's `url`. */
function pageUrl(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The page protocol (ARCHITECTURE §3), after inertia-laravel: sets `c.var.page` for handlers, answers a stale
 * navigation with 409 and `X-Inertia-Location`, and marks every response `Vary: X-Inertia`.
 *
 * @example
 * app.use(pageProtocol({ appUrl: 'https://gotaagota.mx', version: () => 'abc', document: (c, page) => html(page), sharedProps: () => ({}) }))
 * app.get('/', (c) => c.var.page('Index', { seo }))
 */
export function pageProtocol(options: PageProtocolOptions): MiddlewareHandler {
  return async (c, next) => {
    const isInertia = c.req.header(inertiaHeaders.inertia) === 'true';
    if (isInertia && c.req.method === 'GET') {
      const clientVersion = c.req.header(inertiaHeaders.version);
      if (clientVersion !== undefined && clientVersion !== options.version()) {
        c.header(inertiaHeaders.location, `${options.appUrl}${pageUrl(c)}`);
        c.header('Vary', 'X-Inertia');
        return c.body(null, 409);
      }
    }
    c.set('page', async (component, props, renderOptions) => {
      const all = { ...options.sharedProps(c), ...props, errors: props.errors ?? {} };
      const selected = selectProps(component, all, {
        partialComponent: c.req.header(inertiaHeaders.partialComponent),
        partialData: c.req.header(inertiaHeaders.partialData),
        partialExcept: c.req.header(inertiaHeaders.partialExcept),
      });
      const page = {
        component,
        props: (await resolveLazy(selected)) as PageObject['props'],
        url: pageUrl(c),
        version: options.version(),
      } satisfies PageObject;
      const status = renderOptions?.status ?? 200;
      if (isInertia) {
        c.header('X-Inertia', 'true');
        c.header('Cache-Control', 'no-cache, private');
        return c.json(page, status);
      }
      c.header('Cache-Control', 'no-cache, private');
      return c.html(await options.document(c, page), status);
    });
    await next();
    // every answer depends on X-Inertia (HTML or JSON), so caches must key on it
    const vary = c.res.headers.get('Vary');
    if (!vary?.split(',').some((value) => value.trim().toLowerCase() === 'x-inertia')) {
      c.res.headers.set('Vary', vary ? `${vary}, X-Inertia` : 'X-Inertia');
    }
  };
}
