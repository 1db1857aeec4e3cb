import type { ComponentType } from 'react';
import type { PageProps } from '@gota/shared/contracts';
import { ErrorPage } from './error-page';
import { ExamplePage } from './example-page';
import { NotFoundPage } from './not-found-page';

type ShellPageName = 'Example' | 'NotFound' | 'Error';

/** Pages the shell renders itself, by component name. */
export const shellPages: Record<ShellPageName, ComponentType<PageProps>> = {
  Example: ExamplePage,
  NotFound: NotFoundPage,
  Error: ErrorPage,
};

/** The name of the shell's page for a component that is not a remote's page: itself, or the not-found page. */
export function shellPageName(name: string): ShellPageName {
  return Object.hasOwn(shellPages, name) ? (name as ShellPageName) : 'NotFound';
}
