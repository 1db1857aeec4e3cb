// Helpers for the form fields' tests only: what a visitor does to the server's HTML before the page hydrates.
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach } from 'vitest';

/**
 * Server HTML in the document, then hydrated: `serverHtml(ui)` puts the server's HTML of `ui` in the document (for the
 * test to type into), `hydrate` hydrates it inside `act`, `hydrateNow` outside it (React then runs its tasks as a
 * browser does, one at a time). After each test every root is unmounted and the document emptied.
 */
export function serverHtmlEachTest() {
  const roots: Root[] = [];
  afterEach(() => {
    act(() => roots.splice(0).forEach((root) => root.unmount()));
    document.body.innerHTML = '';
  });
  const hydrateNow = (container: HTMLElement, ui: ReactElement) => void roots.push(hydrateRoot(container, ui));
  return {
    serverHtml(ui: ReactElement): HTMLElement {
      const container = document.createElement('div');
      container.innerHTML = renderToString(ui);
      document.body.append(container);
      return container;
    },
    hydrate: (container: HTMLElement, ui: ReactElement) => act(async () => hydrateNow(container, ui)),
    hydrateNow,
  };
}
