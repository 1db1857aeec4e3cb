// Helpers for the layout's and the dialogs' tests only.
import type { PageObject, SharedProps } from '@gota/shared/contracts';
import { appName } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { render } from '@testing-library/react';
import type { RunOptions } from 'axe-core';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

const initialState = useSiteStore.getState();

/** Puts the one store back as it was when the tests started (the store is a module singleton). */
export function resetStore(): void {
  useSiteStore.setState(initialState, true);
}

/** jsdom cannot lay out a page, so axe cannot judge landmarks coverage nor colour contrast there; e2e checks those. */
export const axeOptions: RunOptions = { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } };

export function renderAt(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

export function makePage(props: Partial<SharedProps> = {}, component = 'Index'): PageObject {
  return {
    component,
    url: '/',
    version: 'test',
    props: {
      errors: {},
      auth: { user: null },
      seo: { title: appName, description: '', keywords: '', url: 'http://localhost/', baseUrl: 'http://localhost' },
      appName,
      ...props,
    },
  };
}
