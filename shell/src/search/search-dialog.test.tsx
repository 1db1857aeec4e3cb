import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSiteStore } from '@gota/shared/store';
import { axeOptions, resetStore } from '@gota/shared/testing';
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
  beforeEach(resetStore);

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
    expect(await screen.findByRole('dialog', { name: 'Buscar en Gota a Gota' })).toBeTruthy();
    const field = screen.getByRole('combobox');
    await user.type(field, 'a/b');
    expect(field).toHaveValue('a/b');
  });
});
