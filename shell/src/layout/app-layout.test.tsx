import { useSiteStore } from '@gota/shared/store';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { fakeHttp, type FakeHttp } from '@gota/shared/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppLayout } from './app-layout';
import { axeOptions, makePage, renderAt, resetStore } from './test-utils';

const page = makePage({ isIndex: true });

describe('AppLayout', () => {
  // a contact form that opens asks for a fresh anti-forgery token (on-demand-dialogs.tsx): answered, never sent anywhere
  let network: FakeHttp;
  beforeEach(() => {
    resetStore();
    network = fakeHttp();
    network.reply({ status: 204 });
  });
  afterEach(() => network.restore());

  it('puts the page in <main id="contenido"> between the top bar and the footer', () => {
    renderAt(
      <AppLayout page={page}>
        <h1>Somos Gota a Gota</h1>
      </AppLayout>,
    );
    const main = screen.getByRole('main');
    expect(main.id).toBe('contenido');
    expect(main.tabIndex).toBe(-1);
    expect(within(main).getByRole('heading', { name: 'Somos Gota a Gota' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();
  });

  it('skips to the content with the first Tab', async () => {
    const user = userEvent.setup();
    renderAt(<AppLayout page={page}>Contenido</AppLayout>);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#contenido');
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('uses the fixed layout only when the page asks for it', () => {
    const backgrounds = [{ minWidth: 0, path: '/img/fondo.svg' }];
    const { unmount } = renderAt(<AppLayout page={makePage({ backgrounds })}>Contenido</AppLayout>);
    expect(screen.queryByTestId('fixed-background')).toBeNull();
    unmount();
    renderAt(<AppLayout page={makePage({ layout: 'fixed', backgrounds })}>Contenido</AppLayout>);
    expect(screen.getByTestId('fixed-background')).toBeVisible();
  });

  it('keeps the chrome mounted when a visit switches between the default and the fixed layout', () => {
    const backgrounds = [{ minWidth: 0, path: '/img/fondo.svg' }];
    const view = renderAt(<AppLayout page={makePage()}>Uno</AppLayout>);
    const banner = screen.getByRole('banner');
    view.rerender(
      <MemoryRouter>
        <AppLayout page={makePage({ layout: 'fixed', backgrounds })}>Dos</AppLayout>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('fixed-background')).toBeVisible();
    expect(screen.getByRole('banner')).toBe(banner);
  });

  it('marks the content busy while the overlay shows', () => {
    renderAt(<AppLayout page={page}>Contenido</AppLayout>);
    act(() => useSiteStore.getState().setOverlay(true));
    expect(screen.getByRole('main', { busy: true })).toBeVisible();
  });

  it('returns the focus to CONTÁCTANOS when the contact dialog closes', async () => {
    const user = userEvent.setup();
    renderAt(<AppLayout page={page}>Contenido</AppLayout>);
    const contact = within(screen.getByRole('banner')).getByRole('button', { name: 'CONTÁCTANOS' });
    await user.click(contact);
    const dialog = await screen.findByRole('dialog', { name: 'Contáctanos' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(useSiteStore.getState().contactForm).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(contact));
  });

  it('keeps the alerts audible over an open dialog and closes them without closing the dialog', async () => {
    const user = userEvent.setup();
    renderAt(<AppLayout page={page}>Contenido</AppLayout>);
    act(() => useSiteStore.getState().setContactForm(true));
    await screen.findByRole('dialog', { name: 'Contáctanos' });
    act(() => void useSiteStore.getState().addAlert({ type: 'error', title: 'Error', closable: true }));
    const alert = screen.getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Cerrar alerta' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Contáctanos' })).toBeVisible();
  });

  describe('has no axe violations', () => {
    it('with every dialog closed, signed in', async () => {
      const { container } = renderAt(
        <AppLayout page={makePage({ auth: { user: { firstName: 'Ana' } } })}>
          <h1>Historias</h1>
        </AppLayout>,
        '/historias',
      );
      expect((await axe.run(container, axeOptions)).violations).toEqual([]);
    });

    const dialogs = [
      ['Contáctanos', () => useSiteStore.getState().setContactForm(true)],
      ['Súmate como empresa', () => useSiteStore.getState().setEmpresaForm(true)],
      ['Aviso de privacidad', () => useSiteStore.getState().setPrivacyDialog(true)],
    ] as const;

    for (const [title, open] of dialogs) {
      it(`with the '${title}' dialog open`, async () => {
        renderAt(
          <AppLayout page={page}>
            <h1>Inicio</h1>
          </AppLayout>,
        );
        act(open);
        expect(await screen.findByRole('dialog', { name: title })).toBeVisible();
        expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
      });
    }

    it('with the drawer open and an alert and the overlay showing', async () => {
      const user = userEvent.setup();
      renderAt(<AppLayout page={page}>Contenido</AppLayout>);
      await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
      await screen.findByRole('dialog', { name: 'Menú' });
      act(() => {
        useSiteStore.getState().addAlert({ type: 'warning', title: 'Atención', list: ['Uno'], closable: true });
        useSiteStore.getState().setOverlay(true);
      });
      expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
    });
  });
});
