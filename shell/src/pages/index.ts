import type { ComponentType } from 'react';
import type { PageProps } from '@gota/shared/contracts';
import { ExamplePage } from './example-page';
import { NotFoundPage } from './not-found-page';

/** Pages the shell renders itself, by component name. */
export const shellPages: Record<'Example' | 'NotFound', ComponentType<PageProps>> = {
  Example: ExamplePage,
  NotFound: NotFoundPage,
};
