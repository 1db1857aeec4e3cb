import { lazy, type ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesRegistry } from '@gota/shared/contracts';

/**
 * The registry the API wrote into the page (ARCHITECTURE §2, runtime discovery). This remote has its own federation
 * instance, which knows no remotes until we register the ones the widgets come from.
 */
async function readRegistry(): Promise<RemotesRegistry> {
  const inline = document.getElementById('remotes-data')?.textContent;
  if (inline) return JSON.parse(inline) as RemotesRegistry;
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error('No hay registro de remotos');
  return (await response.json()) as RemotesRegistry;
}

const registered = new Map<string, Promise<void>>();

function ensureRegistered(remote: string): Promise<void> {
  let pending = registered.get(remote);
  if (!pending) {
    pending = readRegistry().then((registry) => {
      const entry = registry[remote];
      if (!entry) throw new Error(`El remoto «${remote}» no está en el registro`);
      registerRemotes([{ name: remote, entry: new URL(entry, window.location.href).href }]);
    });
    // a failure is not remembered: the next mount tries again
    pending.catch(() => registered.delete(remote));
    registered.set(remote, pending);
  }
  return pending;
}

/**
 * A lazy component for a widget another team exposes, e.g. `mf_stories/StoryCarousel`. It rejects when the remote
 * or the module is missing, so wrap it in a WidgetBoundary with a fallback.
 */
export function lazyWidget<P extends object>(id: `${string}/${string}`) {
  return lazy(async () => {
    await ensureRegistered(id.slice(0, id.indexOf('/')));
    const loaded = await loadRemote<{ default?: ComponentType<P> }>(id);
    if (!loaded?.default) throw new Error(`El widget «${id}» no respondió`);
    return { default: loaded.default };
  });
}
