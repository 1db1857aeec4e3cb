// Helpers for the layout's and the dialogs' tests only.
import type { PageObject, SharedProps } from '@gota/shared/contracts';
import { pageProps } from '@gota/shared/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

// the store reset and the axe options are the ones every app's tests use
export { axeOptions, resetStore } from '@gota/shared/testing';

export function renderAt(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

export function makePage(props: Partial<SharedProps> = {}, component = 'Index'): PageObject {
  return {
    component,
    url: '/',
    version: 'test',
    props: { ...pageProps('/'), ...props },
  };
}
