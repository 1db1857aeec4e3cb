import { useSiteStore } from '@gota/shared/store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeOptions, renderAt, resetStore } from '../test-utils';
import { Drawer, type DrawerProps } from './drawer';

/** Renders the drawer at `path` and opens it as a visitor would, with 'Abrir menú'. */
async function openDrawer(props: DrawerProps = {}, path?: string) {
  const user = userEvent.setup();
  renderAt(<Drawer {...props} />, path);
  const trigger = screen.getByRole('button', { name: 'Abrir menú' });
  await user.click(trigger);
  return { user, trigger, drawer: await screen.findByRole('dialog', { name: 'Menú' }) };
}

describe('Drawer', () => {
  beforeEach(resetStore);

  it("opens from 'Abrir menú' with the five sections, CONTÁCTANOS and the search", async () => {
    const { drawer } = await openDrawer();
    const links = within(within(drawer).getByRole('navigation')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['INICIO', 'QUIÉNES SOMOS', 'CAMPAÑA', 'HISTORIAS', 'ALIADOS']);
    expect(within(drawer).getByRole('button', { name: 'CONTÁCTANOS' })).toBeTruthy();
    expect(within(drawer).getByRole('searchbox', { name: 'Buscar...' })).toBeTruthy();
  });

  it('closes when a section is chosen and gives the focus back to the menu button', async () => {
    const { user, trigger, drawer } = await openDrawer({}, '/aliados');
    expect(within(drawer).getByRole('link', { name: 'ALIADOS' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(drawer).getByRole('link', { name: 'HISTORIAS' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes with Escape', async () => {
    const { user } = await openDrawer();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
  });

  it('closes itself, then opens the contact dialog, with CONTÁCTANOS', async () => {
    const { user, trigger, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'CONTÁCTANOS' }));
    expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull();
    await waitFor(() => expect(useSiteStore.getState().contactForm).toBe(true));
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps the unused search harmless', async () => {
    const { user } = await openDrawer();
    const search = screen.getByRole('searchbox', { name: 'Buscar...' });
    await user.type(search, 'agua{Enter}');
    expect(screen.getByRole('dialog', { name: 'Menú' })).toBeTruthy();
    expect(search.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('carries the greeting and sign-out of a signed-in visitor', async () => {
    const { drawer } = await openDrawer({ user: { firstName: 'Ana' } });
    expect(within(drawer).getByText('Hola, Ana')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });

  it('has no axe violations when open', async () => {
    await openDrawer();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });
});
