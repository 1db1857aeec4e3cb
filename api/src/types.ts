import type { PageProps, TeamRole } from '@gota/shared/contracts';
import type { Content } from './content/load-content';
import type { ReleaseSnapshot } from './releases/release-set';

/**
 * The statuses a page is answered with: those of a page itself (410: an invitation's link that expired or was used,
 * decision 051), and those of a refusal a form sent without JavaScript gets its page back with (decision 043).
 */
export type PageStatus = 200 | 401 | 403 | 404 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/** Renders a page object: JSON for the navigation client, the HTML document for a first visit. */
type RenderPage = <P extends object>(
  component: string,
  props: Omit<PageProps<P>, 'errors' | 'auth' | 'appName'> & Partial<Pick<PageProps<P>, 'errors'>>,
  options?: { status?: PageStatus },
) => Response | Promise<Response>;

declare module 'hono' {
  interface ContextVariableMap {
    page: RenderPage;
    /**
     * The signed-in visitor, or null: the first name, the roles the account holds on the campaign team (read with the
     * session on every request, decision 051; check them with `hasRole`/`requireRole` of team/roles.ts) and whether it
     * holds any (`staff`: the panel is open to it); `secondFactor`: this session proved a second factor (decision 055),
     * which `hasRole` asks for with the role.
     */
    authUser: { firstName: string; staff: boolean; roles: TeamRole[]; secondFactor: boolean } | null;
    /** The release set this request answers with (decision 039): its version, registry and server code. */
    releaseSet: ReleaseSnapshot;
    /** The site's content this request answers with: one snapshot for the whole answer (decision 049). */
    content: Content;
    /** Markup the document shows outside `#root` (a story's preview banner, decision 049); unset on every other page. */
    pageBanner: string | undefined;
  }
}
