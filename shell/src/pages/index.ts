import type { ComponentType } from 'react';
import type { PagePropsOf } from '@gota/shared/contracts';
import type { ShellPageName } from '@gota/shared/routes';
import { ErrorPage } from './error-page';
import { ExamplePage } from './example-page';
import { NotFoundPage } from './not-found-page';

/** Pages the shell renders itself, by component name, each with its props of `PagePropsMap`. */
export const shellPages: { [K in ShellPageName]: ComponentType<PagePropsOf<K>> } = {
  Example: ExamplePage,
  NotFound: NotFoundPage,
  Error: ErrorPage,
};

/** The name of the shell's page for a component that is not a remote's page: itself, or the not-found page. */
export function shellPageName(name: string): ShellPageName {
  return Object.hasOwn(shellPages, name) ? (name as ShellPageName) : 'NotFound';
}
