import { createContext, useContext, type ComponentType } from 'react';

/** A module another team exposes and the page renders through federation: its default export. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a slot passes each module the props its owner declares
export type FederatedComponent = ComponentType<any>;

/** A federated module id: the remote's name and what it exposes, `mf_stories/StoryCarousel`. */
export type FederatedId = `${string}/${string}`;

export interface FederationValue {
  /**
   * Modules already loaded, by id. A slot whose module is here renders it at once: on the server (the API loaded it
   * within its budget) and in the browser's first render (the shell loaded the same ones before hydrating), so both
   * write the same markup.
   */
  loaded: ReadonlyMap<string, FederatedComponent>;
  /** Loads a module in the browser (the shell's one loader); `retry` fetches its remote again. Absent on the server. */
  load?: (id: FederatedId, options?: { retry?: boolean }) => Promise<FederatedComponent>;
  /**
   * Modules the server rendered into the page whose code the browser did not load before hydrating (widgets below the
   * first view, decision 020). Their slot keeps the server's HTML, not yet hydrated, until it loads the module.
   */
  dehydrated?: ReadonlySet<string>;
}

const empty: FederationValue = { loaded: new Map() };

/**
 * What the shell tells every federated slot: the modules at hand and how to load the others. One context for pages
 * and widgets, in `@gota/shared` (a federation singleton), so a remote's slot reads the shell's value.
 */
export const FederationContext = createContext<FederationValue>(empty);

export function useFederation(): FederationValue {
  return useContext(FederationContext);
}
