// What the serving process and a renderer child say to each other (decision 057): only what a render needs.
import type { PageObject } from '@gota/shared/contracts';
import type { SerializedPinned } from '../releases/preflight';
import type { BuildRoot } from '../static/build-roots';
import type { RenderedPage } from './page-renderer';

/** Precedes each answer of a renderer child on its standard output (anything else printed there is ignored). */
export const renderMark = 'gota-render:';

/** The child's first line: where the builds are, which origins may supply code, how it logs, its budgets. */
export interface ChildInit {
  roots: BuildRoot[];
  allowedOrigins: string[];
  level: string;
  instance: string;
  budgetMs?: number | undefined;
  adoptBudgetMs?: number | undefined;
  retryAfterMs?: number | undefined;
}

/** A release set as a child rebuilds it (the same releases give the same `id`), by which requests name it. */
export interface SetInput {
  id: string;
  releases: SerializedPinned[];
  seq: number;
}

export type ChildRequest = { adopt: SetInput } | { id: number; render: PageObject; set: string };

export type ChildAnswer = { adopted: string } | { id: number; rendered: RenderedPage };
