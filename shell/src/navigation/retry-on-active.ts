import type { PageObject } from '@gota/shared/contracts';
import { fetchPage } from './page-loader';

/**
 * «Reintentar» on a section that did not load: first asks the server for this page with the page's version. A new
 * version (the release was rolled back, or replaced, since this tab loaded) answers 409, and the tab reloads this address
 * onto the active release instead of asking the dead one's files again (issue #31 item 8); the same version retries the
 * section's remote. An unanswered check retries as well: the retry shows its own failure.
 */
export async function retryOnActiveRelease(page: Pick<PageObject, 'url' | 'version'>, retry: () => void): Promise<void> {
  const result = await fetchPage(page.url, { version: page.version }).catch(() => undefined);
  if (result?.kind === 'reload') {
    window.location.assign(result.location);
    return;
  }
  retry();
}
