import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Seo } from '@gota/shared/contracts';
import type { AppEnv } from '../types';

const seo: Seo = { title: 'Historias', description: '', keywords: '', url: 'https://gotaagota.mx/historias', baseUrl: '' };

/** A `c.var.page` that answers each page with its component and props, as the page protocol gets them. */
const page: AppEnv['Variables']['page'] = (component, props) => Response.json({ component, props });

// The refusals are typed: `npm run typecheck` (tsc -b) fails when an `@ts-expect-error` line below stops failing
describe("c.var.page's props (decision 068)", () => {
  it("takes a page's props from the one map its page component reads", async () => {
    const answer = await page('Blog', { seo, stories: [], facts: [] });
    expect(await answer.json()).toEqual({ component: 'Blog', props: { seo, stories: [], facts: [] } });
  });

  it('refuses a prop the page does not have (a prop renamed in a handler)', () => {
    // @ts-expect-error: the stories' page has `stories`, not `historias`
    const renamed = () => page('Blog', { seo, historias: [] });
    expectTypeOf(renamed).toBeFunction();
  });

  it('refuses a page without a prop it needs, or without its SEO', () => {
    // @ts-expect-error: a story's page needs its story
    const storyless = () => page('Post', { seo });
    // @ts-expect-error: every page has its SEO
    const seoless = () => page('NotFound', {});
    expectTypeOf(storyless).toBeFunction();
    expectTypeOf(seoless).toBeFunction();
  });

  it('refuses a page that is not in the route table', () => {
    // @ts-expect-error: no page is called `Blogs`
    const unknown = () => page('Blogs', { seo });
    expectTypeOf(unknown).toBeFunction();
  });
});
