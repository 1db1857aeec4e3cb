import { useSiteStore } from '@gota/shared/store';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeOptions, renderAt, resetStore } from '../test-utils';
import { signOut } from '../user-menu/sign-out';
import { TopBar } from './top-bar';

vi.mock('../user-menu/sign-out', () => ({ signOut: vi.fn() }));

const sections = [
  ['INICIO', '/'],
  ['QUIÉNES SOMOS', '/quienes-somos'],
  ['CAMPAÑA', '/campana'],
  ['HISTORIAS', '/historias'],
  ['ALIADOS', '/aliados'],
] as const;

describe('TopBar', () => {
  beforeEach(() => {
    resetStore();
    vi.mocked(signOut).mockReset();
  });

  it('links the five sections from the route table, in order', () => {
    renderAt(<TopBar />);
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(sections);
  });

  it('marks the current section, and only it, with aria-current="page"', () => {
    renderAt(<TopBar />, '/historias/un-latido-en-cada-gota');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'HISTORIAS' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'INICIO' }).getAttribute('aria-current')).toBeNull();
  });

  it('has a search button that is a plain GET form to /buscar, and once live opens the search dialog', async () => {
    const user = userEvent.setup();
    renderAt(<TopBar />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/buscar');
    expect(form).toHaveAttribute('method', 'get');
    const button = within(form).getByRole('button', { name: 'Buscar' });
    expect(button).toHaveAttribute('type', 'submit');
    await user.click(button);
    expect(useSiteStore.getState().searchDialog).toBe(true);
  });

  it('links the brand to the home page', () => {
    renderAt(<TopBar />, '/aliados');
    expect(screen.getByRole('link', { name: 'Gota a Gota' }).getAttribute('href')).toBe('/');
  });

  it('opens the contact dialog with CONTÁCTANOS', async () => {
    const user = userEvent.setup();
    renderAt(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'CONTÁCTANOS' }));
    expect(useSiteStore.getState().contactForm).toBe(true);
  });

  it('greets a signed-in visitor and signs them out', async () => {
    const user = userEvent.setup();
    renderAt(<TopBar user={{ firstName: 'Ana' }} />);
    expect(screen.getByText('Hola, Ana')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('gives staff a Bandeja link to the inbox, and nobody else', () => {
    const { unmount } = renderAt(<TopBar user={{ firstName: 'Ana' }} />);
    expect(screen.queryByRole('link', { name: 'Bandeja' })).toBeNull();
    unmount();
    renderAt(<TopBar user={{ firstName: 'Irene', staff: true, roles: ['bandeja'] }} />);
    // the top bar's menu and the drawer's each carry it (CSS shows one of them)
    const links = screen.getAllByRole('link', { name: 'Bandeja', hidden: true });
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const link of links) expect(link).toHaveAttribute('href', '/panel');
    expect(screen.queryByRole('link', { name: 'Versiones', hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Equipo', hidden: true })).toBeNull();
  });

  it('gives an operator a Versiones link to the releases beside Bandeja', () => {
    renderAt(<TopBar user={{ firstName: 'Olga', staff: true, roles: ['bandeja', 'operador'] }} />);
    const links = screen.getAllByRole('link', { name: 'Versiones', hidden: true });
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const link of links) expect(link).toHaveAttribute('href', '/panel/versiones');
  });

  it('gives an editor an «Editar historias» link to the stories of the panel, apart from the site’s HISTORIAS', () => {
    renderAt(<TopBar user={{ firstName: 'Elena', staff: true, roles: ['editor'] }} />);
    const links = screen.getAllByRole('link', { name: 'Editar historias', hidden: true });
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const link of links) expect(link).toHaveAttribute('href', '/panel/historias');
  });

  it('gives an administrator an Equipo link to the team, and not the inbox without its role', () => {
    renderAt(<TopBar user={{ firstName: 'Ada', staff: true, roles: ['administrador'] }} />);
    const links = screen.getAllByRole('link', { name: 'Equipo', hidden: true });
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const link of links) expect(link).toHaveAttribute('href', '/panel/equipo');
    expect(screen.queryByRole('link', { name: 'Bandeja', hidden: true })).toBeNull();
  });

  it('tells the visitor when signing out fails and lets them try again', async () => {
    vi.mocked(signOut).mockRejectedValueOnce(new Error('419'));
    const user = userEvent.setup();
    renderAt(<TopBar user={{ firstName: 'Ana' }} />);
    const button = screen.getByRole('button', { name: 'Cerrar sesión' });
    await user.click(button);
    await act(async () => {});
    expect(useSiteStore.getState().alerts.at(-1)).toMatchObject({
      type: 'error',
      subtitle: 'No pudimos cerrar tu sesión, intenta más tarde.',
    });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows no greeting to an anonymous visitor', () => {
    renderAt(<TopBar />);
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });

  it('has no axe violations, on the home page and signed in', async () => {
    const { container } = renderAt(<TopBar isIndex user={{ firstName: 'Ana' }} />);
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });
});
