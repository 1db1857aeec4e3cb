import { act } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';

/**
 * `ui` inside a router at `path`, for what holds links (the site's cards, menus and pages); with `address`, the
 * router's address is shown after it (`RouterAddress`), for a test of where the page went.
 */
export function inRouter(ui: ReactNode, path = '/', { address = false } = {}): ReactElement {
  return (
    <MemoryRouter initialEntries={[path]}>
      {ui}
      {address && <RouterAddress />}
    </MemoryRouter>
  );
}

/** The router's address, its path and query, as text: `screen.getByTestId('address')` says where a page went. */
export function RouterAddress() {
  const { pathname, search } = useLocation();
  return <span data-testid="address">{`${pathname}${search}`}</span>;
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

/**
 * Markup that would tie a server render to one width: inline column counts, slides taken out of reach, a page count.
 * A carousel's table of counts by width (`--per-page-at-N`, perPageLayout) is the same at every width and passes.
 */
function widthDependentMarkup(root: HTMLElement): string[] {
  const found: string[] = [];
  root.querySelectorAll<HTMLElement>('[style]').forEach((element) => {
    if (/grid-template-columns|--per-page:|--columns/.test(element.getAttribute('style') ?? '')) found.push(element.outerHTML);
  });
  root
    .querySelectorAll('[inert], [data-carousel-slide][aria-hidden], [data-columns]')
    .forEach((element) => found.push(element.outerHTML));
  return found;
}

/**
 * The server's HTML of `ui`, checked to be the same at a phone's width and a wide screen's and to hold nothing tied to
 * a width (`widthDependentMarkup`), parsed for the test to query what it shows.
 */
export function widthFreeServerHtml(ui: ReactElement): HTMLElement {
  const phone = serverHtmlAt(375, ui);
  expect(serverHtmlAt(1920, ui)).toBe(phone);
  const html = parseHtml(phone);
  expect(widthDependentMarkup(html)).toEqual([]);
  return html;
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

/** `ui`'s server HTML at `width`, hydrated in a window as wide: checked to hydrate without a complaint, then unmounted. */
export async function expectCleanHydration(ui: ReactElement, width = 375): Promise<void> {
  const hydrated = await hydrateAt(width, ui, serverHtmlAt(width, ui));
  expect(hydrated.errors).toEqual([]);
  hydrated.unmount();
}

/**
 * A carousel's server HTML (rendered at 1024 px) hydrated in a window `width` wide: checked to hydrate without a
 * complaint and then to leave `perPage` slides within reach (the others inert). The caller unmounts it.
 */
export async function hydrateCarouselAt(width: number, ui: ReactElement, perPage: number): Promise<Hydrated> {
  const hydrated = await hydrateAt(width, ui, serverHtmlAt(1024, ui));
  expect(hydrated.errors).toEqual([]);
  expect(hydrated.container.querySelectorAll('[data-carousel-slide]:not([inert])')).toHaveLength(perPage);
  return hydrated;
}
