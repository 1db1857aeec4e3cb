import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSiteStore } from '@gota/shared/store';
import { axeOptions, fakeHttp, resetStore, type FakeHttp } from '@gota/shared/testing';
import { SiteDialogs } from '../dialogs/on-demand-dialogs';

function renderDialogs() {
  render(
    <MemoryRouter>
      <button type="button">antes</button>
      <SiteDialogs />
    </MemoryRouter>,
  );
}

describe('SearchDialog', () => {
  let network: FakeHttp;
  beforeEach(() => {
    resetStore();
    // what the field's query asks for: no results (the dialog's results are search-box.test.tsx's)
    network = fakeHttp();
    network.respondWith(() => ({ status: 503, body: '' }));
  });
  afterEach(() => network.restore());

  it('opens from the store with its field focused, closes with Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    renderDialogs();
    const before = screen.getByRole('button', { name: 'antes' });
    before.focus();
    act(() => useSiteStore.getState().setSearchDialog(true));
    const dialog = await screen.findByRole('dialog', { name: 'Buscar en Gota a Gota' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Buscar en Gota a Gota' })));
    expect((await axe.run(dialog, axeOptions)).violations).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSiteStore.getState().searchDialog).toBe(false);
    expect(document.activeElement).toBe(before);
  });

  it('opens with the / key, but not while the visitor types in a field', async () => {
    const user = userEvent.setup();
    renderDialogs();
    await user.keyboard('/');
    expect(await screen.findByRole('dialog', { name: 'Buscar en Gota a Gota' })).toBeVisible();
    const field = screen.getByRole('combobox');
    await user.type(field, 'a/b');
    expect(field).toHaveValue('a/b');
  });

  it('keeps what the visitor types while the dialog is on its way, and gives it to the field', async () => {
    const user = userEvent.setup();
    renderDialogs();
    // the `/` opens the search; the letters after it arrive before the dialog's code and its field do
    await user.keyboard('/acux{Backspace}í');
    const field = await screen.findByRole('combobox', { name: 'Buscar en Gota a Gota' });
    await waitFor(() => expect(field).toHaveValue('acuí'));
    await user.type(field, 'fero');
    expect(field).toHaveValue('acuífero');
  });
});
