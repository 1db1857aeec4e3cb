import type { PageObject } from '@gota/shared/contracts';
import type { PageRenderer, RenderedPage } from '../render/page-renderer';

/**
 * A page renderer for cache tests: it counts its renders and writes who it rendered for into the markup, so a test
 * sees whether an answer was rendered again and whether a signed-in visitor's name reached a shared one. `complete:
 * false` renders as a page whose remote was missing (never cached).
 */
export function countingRenderer(complete = true) {
  const calls: string[] = [];
  const renderer = {
    async render(page: PageObject): Promise<RenderedPage> {
      calls.push(page.url);
      const user = (page.props.auth as { user: { firstName: string } | null }).user;
      return {
        html: `<main>render ${calls.length} for ${user?.firstName ?? 'anónimo'}</main>`,
        modules: [],
        deferred: [],
        css: [],
        scripts: [],
        manifests: [],
        complete,
        failures: [],
      };
    },
    adopt: async () => {},
    fetchCode: () => Promise.reject(new Error('sin compilaciones')),
    mayRun: () => false,
    close: () => undefined,
  } as unknown as PageRenderer;
  return { renderer, calls };
}

/** The anti-forgery token a document carries in its meta tag. */
export const metaToken = (html: string) => /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1];
