// What the serving process and a renderer child say to each other (decision 057): only what a render needs. The
// messages travel over Node's IPC channel with its `advanced` serialization (V8's structured clone): a page's HTML is
// copied as it is, never escaped into JSON and parsed back (decision 057, 2026-11-28).
import type { PageObject } from '@gota/shared/contracts';
import type { SerializedPinned } from './release-snapshot';
import type { BuildRoot } from '../static/build-roots';
import type { RenderedPage } from './page-renderer';

/** The child's first message: where the builds are, which origins may supply code, how it logs, its budgets. */
export interface ChildInit {
  roots: BuildRoot[];
  allowedOrigins: string[];
  level: string;
  instance: string;
  budgetMs?: number | undefined;
  adoptBudgetMs?: number | undefined;
  retryAfterMs?: number | undefined;
  /** Tell the parent of every server file fetched over the network, with its digest (the pre-flight's trial render pins them). */
  reportFetched?: boolean | undefined;
}

/** A release set as a child rebuilds it (the same releases give the same `id`), by which requests name it. */
export interface SetInput {
  id: string;
  releases: SerializedPinned[];
  seq: number;
}

export type ChildRequest = { init: ChildInit } | { adopt: SetInput } | { id: number; render: PageObject; set: string };

export type ChildAnswer =
  { adopted: string } | { id: number; rendered: RenderedPage } | { fetched: { url: string; sha256: string } };
