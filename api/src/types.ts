import type { PageProps } from '@gota/shared/contracts';
import type { Content } from './content/load-content';
import type { ReleaseSnapshot } from './releases/release-set';

/**
 * The statuses a page is answered with: those of a page itself, and those of a refusal a form sent without JavaScript
 * gets its page back with (decision 043).
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
    /** First name of the signed-in visitor and whether the account is staff (STAFF_EMAILS), or null. */
    authUser: { firstName: string; staff: boolean } | null;
    /** The release set this request answers with (decision 039): its version, registry and server code. */
    releaseSet: ReleaseSnapshot;
    /** The site's content this request answers with: one snapshot for the whole answer (decision 049). */
    content: Content;
    /** Markup the document shows outside `#root` (a story's preview banner, decision 049); unset on every other page. */
    pageBanner: string | undefined;
  }
}
