import { type EquipoPageProps, type InvitacionPageProps } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { axeOptions, expectCleanHydration, pageProps, freshClientEachTest } from '@gota/shared/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { InvitacionPage } from '../invitacion-page';
import { EquipoPage } from './equipo-page';
import { SesionesPage } from './sesiones-page';
import { exampleTeam as team } from './example-team';

const shared = pageProps('/panel/equipo', { firstName: 'Ana', staff: true, roles: ['administrador', 'bandeja'] });
const network = freshClientEachTest();

const page = (props: EquipoPageProps = team) => (
  <MemoryRouter initialEntries={['/panel/equipo']}>
    <EquipoPage {...shared} {...props} />
  </MemoryRouter>
);
const luis = () => within(screen.getByRole('listitem', { name: 'Luis Pérez' }));

describe('Panel/Equipo', () => {
  it('lists each person with their roles, since when and by whom, their last sign-in, and the way to the inbox', async () => {
    render(page());
    expect(screen.getByRole('heading', { level: 1, name: 'Equipo' })).toBeVisible();
    expect(
      within(screen.getByRole('navigation', { name: 'Otras partes del panel' })).getByRole('link', { name: 'Bandeja' }),
    ).toHaveAttribute('href', '/panel');
    const ana = within(screen.getByRole('listitem', { name: 'Ana Ruiz (tú)' }));
    expect(ana.getByRole('checkbox', { name: 'Administración' })).toBeChecked();
    expect(ana.getByRole('checkbox', { name: 'Versiones' })).not.toBeChecked();
    expect(ana.getAllByText(/por la configuración del servidor/)).toHaveLength(2);
    expect(ana.getByText('28/11/2026 09:30')).toBeVisible();
    expect(luis().getByRole('group', { name: 'Roles de Luis Pérez' })).toBeVisible();
    expect(luis().getByText(/por Ana <ana@gotaagota\.mx>/)).toBeVisible();
    expect(luis().getByText(/todavía no ha iniciado sesión/)).toBeVisible();
    expect(screen.getByText(/marta@gotaagota\.mx: Edición de historias · invitó Ana/)).toBeVisible();
    expect(screen.getByText(/Rol concedido \(Bandeja\): luis@gotaagota\.mx · Ana/)).toBeVisible();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('saves a person’s roles with the version the page showed, and says a stale tab’s conflict beside the person', async () => {
    const user = userEvent.setup();
    network.reply({
      status: 409,
      data: { message: 'Otra persona cambió los roles de esta persona mientras tenías la página abierta.' },
    });
    render(page());
    await user.click(luis().getByRole('checkbox', { name: 'Edición de historias' }));
    await user.click(luis().getByRole('button', { name: 'Guardar roles' }));
    expect(network.sent.map(({ method, url, json }) => ({ method, url, json }))).toEqual([
      {
        method: 'POST',
        url: '/panel/equipo/0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d1002/roles',
        json: { roles: ['editor', 'bandeja'], version: 3 },
      },
    ]);
    expect(luis().getByRole('alert').textContent).toContain('Otra persona cambió los roles');
    expect(luis().getByRole('button', { name: 'Recargar' })).toBeVisible();
  });

  it('removes a person only after the confirmation, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    network.reply({ status: 422, data: { message: 'Eres la última persona con el rol de administración.' } });
    render(page());
    await user.click(
      within(screen.getByRole('listitem', { name: 'Ana Ruiz (tú)' })).getByRole('button', { name: 'Quitar del equipo' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: '¿Quitar a Ana Ruiz del equipo?' }));
    expect(dialog.getByText(/sus sesiones abiertas se cerrarán/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(network.sent).toEqual([]);
    await user.click(
      within(screen.getByRole('listitem', { name: 'Ana Ruiz (tú)' })).getByRole('button', { name: 'Quitar del equipo' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Quitar del equipo' }));
    expect(network.sent.map(({ url, json }) => ({ url, json }))).toEqual([
      { url: '/panel/equipo/0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d1001/quitar', json: { version: 1 } },
    ]);
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(
      'Eres la última persona con el rol de administración.',
    );
  });

  it('invites by email with the chosen roles and says the invitation went out; a bad address goes on its field', async () => {
    const user = userEvent.setup();
    network.reply({ status: 422, data: { message: 'Revisa', errors: { email: ['Escribe un correo válido'] } } });
    render(page());
    await user.type(screen.getByRole('textbox', { name: 'Correo de la persona' }), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(screen.getByRole('textbox', { name: 'Correo de la persona' })).toHaveAccessibleDescription(/Escribe un correo válido/);
    network.reply({ status: 201, data: { message: 'Enviamos la invitación a marta@gotaagota.mx. El enlace sirve 72 horas.' } });
    const field = screen.getByRole('textbox', { name: 'Correo de la persona' });
    await user.clear(field);
    await user.type(field, ' marta@gotaagota.mx ');
    const invite = within(screen.getByRole('group', { name: 'Roles que tendrá' }));
    await user.click(invite.getByRole('checkbox', { name: 'Versiones' }));
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(network.sent.at(-1)).toMatchObject({
      url: '/panel/equipo/invitaciones',
      json: { email: 'marta@gotaagota.mx', roles: ['bandeja', 'operador'] },
    });
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toContain(
      'Enviamos la invitación a marta@gotaagota.mx. El enlace sirve 72 horas.',
    );
  });

  it('hydrates the server markup without a mismatch, on a phone', async () => {
    await expectCleanHydration(page());
  });
});

describe('Auth/Invitacion', () => {
  const invitation: InvitacionPageProps = {
    state: 'valida',
    email: 'marta@gotaagota.mx',
    roles: ['editor'],
    signedIn: false,
    token: 'T'.repeat(43),
    message: null,
  };
  const renderInvitation = (props: Partial<InvitacionPageProps>) =>
    render(
      <MemoryRouter>
        <InvitacionPage {...shared} auth={{ user: null }} {...invitation} {...props} />
      </MemoryRouter>,
    );

  it('asks a visitor to sign in or create the account with the invited address, and brings them back', async () => {
    renderInvitation({});
    expect(screen.getByText(/con el rol: Edición de historias/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/login?volver=%2Finvitacion%2F${'T'.repeat(43)}`,
    );
    expect(screen.getByRole('link', { name: 'Crear mi cuenta' })).toHaveAttribute(
      'href',
      `/registro?volver=%2Finvitacion%2F${'T'.repeat(43)}`,
    );
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('accepts for the signed-in account, and says why an expired link does not work', async () => {
    const user = userEvent.setup();
    network.reply({ status: 200, data: { message: 'Ya formas parte del equipo.', url: '/panel' } });
    const { unmount } = renderInvitation({ signedIn: true });
    await user.click(screen.getByRole('button', { name: 'Aceptar la invitación' }));
    expect(network.sent.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'POST', url: `/invitacion/${'T'.repeat(43)}` },
    ]);
    unmount();
    renderInvitation({ state: 'caducada', message: 'Esta invitación caducó.', token: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Esta invitación no sirve' })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toBe('Esta invitación caducó.');
  });
});

describe('Panel/Sesiones', () => {
  const sessions = [
    { id: 'a'.repeat(64), since: '2026-11-28T15:30:00Z', lastSeen: '2026-11-28T16:10:00Z', remember: false, current: true },
    { id: 'b'.repeat(64), since: '2026-11-27T19:00:00Z', lastSeen: '2026-11-27T19:40:00Z', remember: true, current: false },
  ];

  it('marks this browser’s session and closes another one', async () => {
    const user = userEvent.setup();
    network.reply({ status: 200, data: { message: 'Sesión cerrada.' } });
    render(
      <MemoryRouter initialEntries={['/panel/sesiones']}>
        <SesionesPage {...shared} sessions={sessions} />
      </MemoryRouter>,
    );
    const mine = within(screen.getByRole('listitem', { name: 'Este navegador' }));
    expect(mine.queryByRole('button')).toBeNull();
    const other = within(screen.getByRole('listitem', { name: 'Otra sesión (2)' }));
    expect(other.getByText(/con «Recordarme»/)).toBeVisible();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
    await user.click(other.getByRole('button', { name: 'Cerrar esta sesión' }));
    expect(network.sent.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'POST', url: `/panel/sesiones/${'b'.repeat(64)}/cerrar` },
    ]);
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toContain('Sesión cerrada.');
  });
});
