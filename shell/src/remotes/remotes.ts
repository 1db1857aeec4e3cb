import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PageProps, RemotesRegistry } from '@gota/shared/contracts';
import { pageModules, remoteModuleId, type RemotePageName } from '@gota/shared/routes';

let registry: RemotesRegistry = {};

/** Registers the remotes the API announced (runtime discovery: no remote URL is compiled into the shell). */
export function registerSiteRemotes(next: RemotesRegistry, force = false): void {
  registry = next;
  registerRemotes(
    Object.entries(next).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })),
    { force },
  );
}

export type PageComponent = ComponentType<PageProps>;
type Loaded = { default?: PageComponent } | undefined | null;

const cache = new Map<string, LazyExoticComponent<PageComponent>>();

/** The lazy component of a remote page; `attempt` > 0 re-registers its remote so that a retry really fetches again. */
export function remotePage(name: RemotePageName, attempt = 0): LazyExoticComponent<PageComponent> {
  const key = `${name}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(async () => {
      if (attempt > 0) {
        const remote = pageModules[name].remote;
        const entry = registry[remote];
        if (entry) registerRemotes([{ name: remote, entry: new URL(entry, window.location.href).href }], { force: true });
      }
      const loaded = (await loadRemote<Loaded>(remoteModuleId(name))) as Loaded;
      if (!loaded?.default) throw new Error(`El remoto de «${name}» no respondió`);
      return { default: loaded.default };
    });
    cache.set(key, component);
  }
  return component;
}
