import { describe, expectTypeOf, it } from 'vitest';
import type { PageComponent } from '../routes/pages';
import type { PagePropsMap, PagePropsOf } from './page-props';

// Type tests: `npm run typecheck` (tsc -b) is what runs them; an `@ts-expect-error` line that stops failing fails it.
describe('PagePropsMap', () => {
  it('has one entry for each page of the route table and the shell, and none for another name', () => {
    expectTypeOf<keyof PagePropsMap>().toEqualTypeOf<PageComponent>();
  });

  it('gives a page component its own props and those every page carries', () => {
    expectTypeOf<PagePropsOf<'Post'>>().toHaveProperty('story');
    expectTypeOf<PagePropsOf<'Post'>>().toHaveProperty('seo');
    expectTypeOf<PagePropsOf<'Post'>>().not.toHaveProperty('stories');
  });

  it('fails a page component that reads a prop its page is not sent', () => {
    const read = ({ stories }: PagePropsOf<'Blog'>) => stories;
    expectTypeOf(read).returns.toEqualTypeOf<PagePropsMap['Blog']['stories']>();
    // @ts-expect-error: the stories' page is sent `stories`, not `historias`
    const misread = ({ historias }: PagePropsOf<'Blog'>): unknown => historias;
    expectTypeOf(misread).toBeFunction();
  });
});
