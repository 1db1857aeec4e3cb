import { act } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';

/** `ui` inside a router at `path`, for what holds links (the site's cards, menus and pages). */
export function inRouter(ui: ReactNode, path = '/'): ReactElement {
  return <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>;
}

/** Sets the window width that width-reading code sees (jsdom has no layout). */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

/** The server's HTML of `ui`, rendered while the window is `width` wide: it must not depend on it. */
export function serverHtmlAt(width: number, ui: ReactElement): string {
  setWindowWidth(width);
  return renderToString(ui);
}

/** The server's HTML as a document fragment, to query like the browser would before any script runs. */
export function parseHtml(html: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = document.createElement('div');
  root.append(template.content);
  return root;
}

/** Markup that would tie a server render to one width: inline column counts, slides taken out of reach, a page count. */
export function widthDependentMarkup(root: HTMLElement): string[] {
  const found: string[] = [];
  root.querySelectorAll<HTMLElement>('[style]').forEach((element) => {
    if (/grid-template-columns|--per-page|--columns/.test(element.getAttribute('style') ?? '')) found.push(element.outerHTML);
  });
  root
    .querySelectorAll('[inert], [data-carousel-slide][aria-hidden], [data-columns]')
    .forEach((element) => found.push(element.outerHTML));
  return found;
}

export interface Hydrated {
  container: HTMLElement;
  /** Mismatches React recovered from, and everything logged as an error while hydrating. */
  errors: unknown[];
  unmount: () => void;
}

/**
 * Hydrates the server's `html` with `ui` in a window `width` wide, as the browser does, collecting every complaint.
 */
export async function hydrateAt(width: number, ui: ReactElement, html: string): Promise<Hydrated> {
  setWindowWidth(width);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  let root: Root | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(container, ui, { onRecoverableError: (error) => void errors.push(error) });
    });
  } finally {
    consoleError.mockRestore();
  }
  return {
    container,
    errors,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
