import type { PagePropsMap, Seo, SharedProps, TeamRole } from '@gota/shared/contracts';
import type { PageComponent } from '@gota/shared/routes';
import type { Content } from './features/content';
import type { Logger } from './logging/logger';
import type { ReleaseSnapshot } from './render/release-snapshot';
import type { IdempotencyClaim } from './security/idempotency';
import type { CurrentSession, PendingSignIn } from './features/accounts';
import type { ActivePreview } from './features/releases';

/**
 * The statuses a page is answered with: those of a page itself (410: an invitation's link that expired or was used,
 * decision 051), and those of a refusal a form sent without JavaScript gets its page back with (decision 043).
 */
export type PageStatus = 200 | 401 | 403 | 404 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * What a handler gives `c.var.page` for page `K` (decision 068): the page's own props of `PagePropsMap`, its SEO, and
 * what else of the shared props a page sets (layout, backgrounds, errors, which default to none). `auth` and `appName`
 * are the protocol's, the same on every page.
 */
export type PageInput<K extends PageComponent> = PagePropsMap[K] &
  Omit<SharedProps, 'errors' | 'auth' | 'appName'> &
  Partial<Pick<SharedProps, 'errors'>>;

/** Renders page `component` with its props: JSON for the navigation client, the HTML document for a first visit. */
type RenderPage = <K extends PageComponent>(
  component: K,
  props: PageInput<K>,
  options?: { status?: PageStatus },
) => Response | Promise<Response>;

/**
 * The API's Hono environment (decision 068): what the middleware sets on each request, read as `c.var.…` by the
 * handlers after it. Every app, router, handler and middleware of the API is typed with it (`new Hono<AppEnv>()`,
 * `Context<AppEnv>`, `MiddlewareHandler<AppEnv>`, `createFactory<AppEnv>()`). It declares no `Bindings`: Node's request
 * (@hono/node-server's `HttpBindings`) is absent from a request made in process (`app.request`, the tests), and Hono's
 * validators type theirs as possibly absent, so the one reader of it (`requestHeader`) checks for it.
 */
export interface AppEnv {
  Variables: {
    /** Set by the page protocol (pages/page-protocol.ts). */
    page: RenderPage;
    /**
     * The signed-in visitor, or null: the first name, the roles the account holds on the campaign team (read with the
     * session on every request, decision 051; check them with `hasRole`/`requireRole` of features/accounts/roles.ts) and whether it
     * holds any (`staff`: the panel is open to it); `secondFactor`: this session proved a second factor (decision 055),
     * which `hasRole` asks for with the role.
     */
    authUser: { firstName: string; staff: boolean; roles: TeamRole[]; secondFactor: boolean } | null;
    /** The session of this request (features/accounts/sessions.ts), or null. */
    session: CurrentSession | null;
    /** A sign-in waiting for its second step (decision 055), or null: the rest of the site sees an anonymous visitor. */
    pendingSignIn: PendingSignIn | null;
    /** The release set this request answers with (decision 039): its version, registry and server code. */
    releaseSet: ReleaseSnapshot;
    /** The site's content this request answers with: one snapshot for the whole answer (decision 049). */
    content: Content;
    /** Markup the document shows outside `#root` (a story's preview banner, decision 049); unset on every other page. */
    pageBanner: string | undefined;
    /** The candidate release this operator's browser previews (decision 044), or absent. */
    preview?: ActivePreview;
    /** The page SEO of a refusal under /panel (set by the panel's guard): `requireRole` renders `Panel/SinAcceso` with it. */
    panelSeo?: (title: string, description: string) => Seo;
    /** The CSP sources of the inline scripts of the document answered (security/site-headers.ts puts them in the CSP). */
    scriptHashes?: string;
    /** Per-request child logger carrying the request id. */
    log: Logger;
    requestId: string;
    /** Set on a POST that carries an `Idempotency-Key`; null otherwise. */
    idempotency: IdempotencyClaim | null;
    /**
     * A token for this request's binding — the session when there is a session cookie, else the anonymous double-submit
     * cookie, which it sets when the browser has none — signed now. For a signed-in page's meta tag and `GET /csrf-token`.
     */
    csrfToken: () => string;
    /**
     * Binds the token anew: the new session id after sign-in, `null` after sign-out. The response carries the new token
     * in `X-CSRF-TOKEN`, which the browser copies into its meta tag.
     */
    bindCsrf: (sessionId: string | null) => void;
    /**
     * When the server signed the token of this (verified) request, in ms since the epoch. Null on safe methods, for the
     * double-submit value the page's script wrote, and for a form the browser sent without a script.
     */
    csrfIssuedAt: number | null;
  };
}
