import { useSiteStore } from '@gota/shared/store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeOptions, renderAt, resetStore } from '../test-utils';
import { Drawer } from './drawer';

describe('Drawer', () => {
  beforeEach(resetStore);

  it("opens from 'Abrir menú' with the five sections, CONTÁCTANOS and the search", async () => {
    const user = userEvent.setup();
    renderAt(<Drawer />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });

    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    const links = within(within(drawer).getByRole('navigation')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['INICIO', 'QUIÉNES SOMOS', 'CAMPAÑA', 'HISTORIAS', 'ALIADOS']);
    expect(within(drawer).getByRole('button', { name: 'CONTÁCTANOS' })).toBeTruthy();
    expect(within(drawer).getByRole('searchbox', { name: 'Buscar...' })).toBeTruthy();
  });

  it('closes when a section is chosen and gives the focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderAt(<Drawer />, '/aliados');
    const trigger = screen.getByRole('button', { name: 'Abrir menú' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Menú' });
    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    expect(within(drawer).getByRole('link', { name: 'ALIADOS' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(drawer).getByRole('link', { name: 'HISTORIAS' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    renderAt(<Drawer />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
  });

  it('closes itself, then opens the contact dialog, with CONTÁCTANOS', async () => {
    const user = userEvent.setup();
    renderAt(<Drawer />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    await user.click(within(screen.getByRole('dialog', { name: 'Menú' })).getByRole('button', { name: 'CONTÁCTANOS' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    await waitFor(() => expect(useSiteStore.getState().contactForm).toBe(true));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abrir menú' }));
  });

  it('keeps the unused search harmless', async () => {
    const user = userEvent.setup();
    renderAt(<Drawer />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    const search = screen.getByRole('searchbox', { name: 'Buscar...' });
    await user.type(search, 'agua{Enter}');
    expect(screen.getByRole('dialog', { name: 'Menú' })).toBeTruthy();
    expect(search.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('carries the greeting and sign-out of a signed-in visitor', async () => {
    const user = userEvent.setup();
    renderAt(<Drawer user={{ firstName: 'Ana' }} />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    expect(within(drawer).getByText('Hola, Ana')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    renderAt(<Drawer />);
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await screen.findByRole('dialog', { name: 'Menú' });
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });
});
