import { type SeguridadPageProps } from '@gota/shared/contracts';
import { axeOptions, pageProps } from '@gota/shared/testing';
import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SeguridadPage } from './seguridad-page';

const shared = pageProps('/panel/seguridad', { firstName: 'Sara', staff: true, roles: ['bandeja'] });
const fresh: SeguridadPageProps = {
  totp: null,
  passkeys: [],
  recoveryLeft: 0,
  setup: {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
  },
  required: true,
  freshCodes: null,
};

function renderPage(props: Partial<SeguridadPageProps> = {}) {
  return render(
    <MemoryRouter initialEntries={['/panel/seguridad']}>
      <SeguridadPage {...shared} {...fresh} {...props} />
    </MemoryRouter>,
  );
}

describe('SeguridadPage', () => {
  it('says why a member was sent here, and sets up the app with its QR code, its secret in groups and a form that posts without JavaScript', async () => {
    renderPage();
    expect(screen.getByText(/Para abrir el panel, primero activa un segundo factor/)).toBeVisible();
    expect(screen.getByRole('img', { name: /Código QR/ }).querySelector('svg')).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    const code = screen.getByLabelText('Código de la app');
    expect(code.closest('form')).toHaveAttribute('action', '/panel/seguridad/app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // the panel's other parts wait until a factor is set up
    expect(screen.queryByRole('navigation', { name: 'Otras partes del panel' })).toBeNull();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('shows new recovery codes once, the passkeys with their removal, and how many codes remain', async () => {
    renderPage({
      totp: '2026-11-28T18:00:00.000Z',
      setup: null,
      required: false,
      recoveryLeft: 10,
      passkeys: [{ id: 'abc_-1', name: 'Teléfono de Sara', createdAt: '2026-11-28T18:05:00.000Z', lastUsedAt: null }],
      freshCodes: ['abcde-fghjk', 'mnpqr-stuvw'],
    });
    const codes = screen.getByRole('heading', { name: 'Tus códigos de recuperación' }).parentElement!;
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['abcde-fghjk', 'mnpqr-stuvw']);
    expect(screen.getByRole('button', { name: 'Quitar la llave «Teléfono de Sara»' }).closest('form')).toHaveAttribute(
      'action',
      '/panel/seguridad/llaves/abc_-1/quitar',
    );
    expect(screen.getByText(/Te quedan 10 de 10/)).toBeVisible();
    expect(screen.getByLabelText('Código para confirmar').closest('form')).toHaveAttribute('action', '/panel/seguridad/codigos');
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });
});
