import type { ComponentType } from 'react';
import type { PageProps } from '@gota/shared/contracts';
import { ErrorPage } from './error-page';
import { ExamplePage } from './example-page';
import { NotFoundPage } from './not-found-page';

/** Pages the shell renders itself, by component name. */
const shellPages: Record<'Example' | 'NotFound' | 'Error', ComponentType<PageProps>> = {
  Example: ExamplePage,
  NotFound: NotFoundPage,
  Error: ErrorPage,
};

/** The shell's page of that name; any other name that is not a remote's page is the not-found page. */
export function shellPage(name: string): ComponentType<PageProps> {
  return Object.hasOwn(shellPages, name) ? shellPages[name as keyof typeof shellPages] : shellPages.NotFound;
}
