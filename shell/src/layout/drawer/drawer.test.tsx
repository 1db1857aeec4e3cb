import { useSiteStore } from '@gota/shared/store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeHttp } from '@gota/shared/testing';
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
    expect(within(drawer).getByRole('button', { name: 'CONTÁCTANOS' })).toBeVisible();
    expect(within(drawer).getByRole('combobox', { name: 'Buscar en Gota a Gota' })).toHaveAttribute('placeholder', 'Buscar...');
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

  it('searches: the results show under the field as the visitor types, and Enter opens the results page and closes it', async () => {
    const network = fakeHttp();
    const hit = { kind: 'historia', url: '/historias/cuenca', label: 'Historia', title: ['', 'Cuenca'], snippet: [] };
    network.reply({
      status: 200,
      headers: { 'X-Inertia': 'true' },
      data: {
        component: 'Buscar',
        props: { query: 'cuenca', results: { hits: [hit], total: 1, page: 1 }, latest: [], errors: {} },
        url: '/buscar?q=cuenca',
        version: 'v',
      },
    });
    try {
      const { user, drawer } = await openDrawer();
      const search = within(drawer).getByRole('combobox', { name: 'Buscar en Gota a Gota' });
      await user.type(search, 'cuenca');
      await waitFor(() => expect(within(drawer).getByRole('option', { name: /Cuenca/ })).toBeVisible());
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull());
    } finally {
      network.restore();
    }
  });

  it('carries the greeting and sign-out of a signed-in visitor', async () => {
    const { drawer } = await openDrawer({ user: { firstName: 'Ana' } });
    expect(within(drawer).getByText('Hola, Ana')).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });

  it('has no axe violations when open', async () => {
    await openDrawer();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });
});
