import type { ComponentType } from 'react';

/** What a federated module exports: its component as `default`. */
export interface FederatedModule {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module declares its own props
  default: ComponentType<any>;
}

/** The page object the shell's renderer takes (the API's own type, kept structural: the shell is loaded at run time). */
interface RenderablePage {
  component: string;
  props: Record<string, unknown>;
  url: string;
  version: string;
}

/** The shell's server module (`shell/server`, shell/src/server/render-page.tsx), as the API calls it. */
export interface ShellServer {
  modulesFor(page: RenderablePage): string[];
  /** `deferred`: the page's modules the browser loads only when needed (absent from a shell that defers nothing). */
  renderPage(input: {
    page: RenderablePage;
    modules: Record<string, FederatedModule['default']>;
  }): Promise<{ html: string; modules: string[]; deferred?: string[] }>;
}
