import { type LeadPageProps } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { axeOptions, parseHtml, serverHtmlAt, pageProps, freshClientEachTest } from '@gota/shared/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { exampleLead } from './panel/example-lead';
import { PanelMensajePage } from './panel-mensaje-page';

const { id } = exampleLead;
const shared = pageProps('/', { firstName: 'Ana', staff: true });

function leadProps(overrides: Partial<LeadPageProps> = {}): LeadPageProps {
  return {
    lead: exampleLead,
    history: [],
    notification: { status: 'enviado', attempts: 1, lastError: null },
    backUrl: '/panel?estado=nuevo',
    ally: null,
    canMakeAlly: true,
    ...overrides,
  };
}

const network = freshClientEachTest();
/** What each request sent: method, address and JSON body. */
const sent = () => network.sent.map(({ method, url, json }) => ({ method, url, body: json }));
/** Every request from now on gets this answer. */
function answer(status: number, data: unknown = {}): void {
  network.reply({ status, data });
}
const alertTitles = () => useSiteStore.getState().alerts.map((alert) => alert.title);

/**
 * The page inside a data router, as the shell has it: the loader stands for the server (it answers `current`), so a
 * reload shows what the server says now.
 */
function renderInRouter(initial: LeadPageProps, path = `/panel/mensajes/${id}?volver=%2Fpanel%3Festado%3Dnuevo`) {
  let current = initial;
  let loads = 0;
  function Page() {
    return <PanelMensajePage {...shared} {...(useLoaderData() as LeadPageProps)} />;
  }
  const router = createMemoryRouter(
    [
      {
        path: '/panel/mensajes/:id',
        loader: () => {
          loads++;
          return current;
        },
        element: <Page />,
      },
      { path: '/panel', element: <h1>Bandeja</h1> },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { 0: initial } } },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    setServer: (next: LeadPageProps) => {
      current = next;
    },
    loads: () => loads,
  };
}

describe('Panel/Mensaje', () => {
  it('shows who wrote, every field, the message with its line breaks, a reply link and the way back', () => {
    render(
      <MemoryRouter>
        <PanelMensajePage {...shared} {...leadProps()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Aguas del Valle S.A. de C.V.' })).toBeVisible();
    const fields = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(fields).toEqual({
      Tipo: 'Empresa',
      Estado: 'Nuevo',
      Empresa: 'Aguas del Valle S.A. de C.V.',
      Nombre: 'Sofía Ramírez',
      Correo: 'sofia@aguasdelvalle.mx',
      Fecha: '23/11/2026 12:05',
      Mensaje: 'Queremos sumarnos a la campaña.\nTenemos 3 plantas en Jalisco.',
    });
    expect(screen.getByRole('link', { name: 'Responder' }).getAttribute('href')).toBe(
      'mailto:sofia@aguasdelvalle.mx?subject=Gota%20a%20Gota%3A%20Aguas%20del%20Valle%20S.A.%20de%20C.V.',
    );
    expect(screen.getByRole('link', { name: /Volver a la bandeja/ }).getAttribute('href')).toBe('/panel?estado=nuevo');
    expect(screen.getByRole('button', { name: 'Marcar como atendido' })).toBeVisible();
    expect(screen.getByText('Notificación enviada.')).toBeVisible();
    expect(screen.getByText('Nadie del equipo lo ha atendido todavía.')).toBeVisible();
  });

  it('names a registration by the person, and says how its notification went', () => {
    const registration = leadProps({
      lead: {
        ...leadProps().lead,
        kind: 'registro',
        status: 'atendido',
        empresa: null,
        mensaje: null,
        excerpt: null,
        name: 'Diego',
        lastName: 'Hernández',
      },
      notification: { status: 'pendiente', attempts: 2, lastError: 'ECONNREFUSED' },
      history: [
        { action: 'atendido', actorName: 'Ana', createdAt: '2026-11-23T18:05:00Z' },
        { action: 'reabierto', actorName: 'Luis', createdAt: '2026-11-23T19:30:00Z' },
        { action: 'atendido', actorName: 'Luis', createdAt: '2026-11-24T01:00:00Z' },
      ],
    });
    const view = render(
      <MemoryRouter>
        <PanelMensajePage {...shared} {...registration} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Diego Hernández' })).toBeVisible();
    expect([...document.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Tipo',
      'Estado',
      'Nombre',
      'Apellido',
      'Correo',
      'Fecha',
    ]);
    expect(screen.getByRole('link', { name: 'Responder' }).getAttribute('href')).toBe(
      'mailto:sofia@aguasdelvalle.mx?subject=Gota%20a%20Gota%3A%20tu%20registro',
    );
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeVisible();
    expect(screen.getByText('Notificación pendiente (2 intentos).')).toBeVisible();
    const history = within(screen.getByRole('list'));
    expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Marcado como atendido por Ana · 23/11/2026 12:05',
      'Reabierto por Luis · 23/11/2026 13:30',
      'Marcado como atendido por Luis · 23/11/2026 19:00',
    ]);
    view.rerender(
      <MemoryRouter>
        <PanelMensajePage
          {...shared}
          {...registration}
          notification={{ status: 'fallido', attempts: 8, lastError: '550 buzón inexistente' }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('La notificación no se pudo enviar: 550 buzón inexistente (8 intentos).')).toBeVisible();
    view.rerender(
      <MemoryRouter>
        <PanelMensajePage {...shared} {...registration} notification={null} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Sin notificación por correo/)).toBeVisible();
  });

  it('marks the lead attended, says so, and shows the status and history the server has now; then reopens it', async () => {
    const user = userEvent.setup();
    const view = renderInRouter(leadProps());
    answer(200, { message: 'Mensaje marcado como atendido.', estado: 'atendido' });
    view.setServer(
      leadProps({
        lead: { ...leadProps().lead, status: 'atendido' },
        history: [{ action: 'atendido', actorName: 'Ana', createdAt: '2026-11-23T18:05:00Z' }],
      }),
    );
    const button = screen.getByRole('button', { name: 'Marcar como atendido' });
    await user.click(button);
    expect(sent()).toEqual([{ method: 'POST', url: `/panel/mensajes/${id}/estado`, body: { estado: 'atendido' } }]);
    expect(await screen.findByRole('button', { name: 'Reabrir' })).toBe(button);
    // focus stays on the button, which now names the opposite action
    expect(document.activeElement).toBe(button);
    expect(view.loads()).toBe(1);
    expect(view.router.state.location.search).toBe('?volver=%2Fpanel%3Festado%3Dnuevo');
    expect(screen.getByRole('listitem').textContent).toBe('Marcado como atendido por Ana · 23/11/2026 12:05');
    expect(alertTitles()).toEqual(['Mensaje marcado como atendido.']);

    answer(200, { message: 'Mensaje reabierto.', estado: 'nuevo' });
    view.setServer(leadProps());
    await user.click(button);
    expect(sent()[1]).toEqual({ method: 'POST', url: `/panel/mensajes/${id}/estado`, body: { estado: 'nuevo' } });
    expect(await screen.findByRole('button', { name: 'Marcar como atendido' })).toBe(button);
    expect(view.loads()).toBe(2);
  });

  it('is a form the browser posts itself without JavaScript, with the status to set and the inbox to come back to', () => {
    renderInRouter(leadProps());
    const form = screen.getByRole('button', { name: 'Marcar como atendido' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(`/panel/mensajes/${id}/estado?volver=%2Fpanel%3Festado%3Dnuevo`);
    expect(Object.fromEntries(new FormData(form))).toEqual({ estado: 'atendido' });
  });

  it('deletes only after SI in the confirm control, then goes back to the inbox it came from with an alert', async () => {
    const user = userEvent.setup();
    const view = renderInRouter(leadProps());
    answer(200, { message: 'Mensaje eliminado.' });
    const activator = screen.getByRole('button', { name: 'Eliminar el mensaje de Aguas del Valle S.A. de C.V.' });
    expect(activator.textContent).toBe('Eliminar');
    await user.click(activator);
    expect(screen.getByText('¿Estás seguro?')).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'NO' }));
    await user.click(screen.getByRole('button', { name: 'NO' }));
    expect(screen.queryByText('¿Estás seguro?')).toBeNull();
    expect(sent()).toEqual([]);

    await user.click(activator);
    await user.click(screen.getByRole('button', { name: 'SI' }));
    expect(sent()).toEqual([{ method: 'DELETE', url: `/panel/mensajes/${id}`, body: {} }]);
    expect(await screen.findByRole('heading', { name: 'Bandeja' })).toBeVisible();
    expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe('/panel?estado=nuevo');
    expect(alertTitles()).toEqual(['Mensaje eliminado.']);
  });

  it('goes back when the lead was already deleted, and reports other failures through the one error handler', async () => {
    const user = userEvent.setup();
    renderInRouter(leadProps());
    answer(500, { message: 'Esto no debía de haber pasado, intenta más tarde' });
    await user.click(screen.getByRole('button', { name: 'Marcar como atendido' }));
    expect(alertTitles()).toEqual(['Error(500): Esto no debía de haber pasado, intenta más tarde']);
    // nothing changed on the page
    expect(screen.getByRole('button', { name: 'Marcar como atendido' })).toBeVisible();

    answer(404, { message: 'No encontramos este mensaje: puede que ya se haya eliminado.' });
    await user.click(screen.getByRole('button', { name: /^Eliminar el mensaje/ }));
    await user.click(screen.getByRole('button', { name: 'SI' }));
    expect(await screen.findByRole('heading', { name: 'Bandeja' })).toBeVisible();
    expect(alertTitles()[1]).toBe('No encontramos este mensaje: puede que ya se haya eliminado.');
  });

  it('renders the same on the server at any width, and has no axe violations', async () => {
    const ui = (
      <MemoryRouter>
        <PanelMensajePage
          {...shared}
          {...leadProps({ history: [{ action: 'atendido', actorName: 'Ana', createdAt: '2026-11-23T18:05:00Z' }] })}
        />
      </MemoryRouter>
    );
    const narrow = serverHtmlAt(375, ui);
    expect(serverHtmlAt(1280, ui)).toBe(narrow);
    expect(parseHtml(narrow).querySelector('h1')?.textContent).toBe('Aguas del Valle S.A. de C.V.');
    render(ui);
    await act(async () => {});
    const results = await axe.run(document.body, axeOptions);
    expect(results.violations).toEqual([]);
  });

  it('offers «Convertir en aliado» to an editor: the panel’s ally form, filled from this lead', () => {
    renderInRouter(leadProps());
    expect(screen.getByRole('link', { name: 'Convertir en aliado' })).toHaveAttribute('href', `/panel/aliados?desde=${id}`);
  });

  it('says which ally the lead became, with a link to the allies of the panel', () => {
    renderInRouter(leadProps({ ally: { id: 'aliado-aguas-del-valle', empresa: 'Aguas del Valle' } }));
    expect(screen.getByText(/Convertido en aliado:/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Aguas del Valle' })).toHaveAttribute('href', '/panel/aliados');
    expect(screen.queryByRole('link', { name: 'Convertir en aliado' })).toBeNull();
  });

  it('does not offer «Convertir en aliado» to an account that cannot edit the site', () => {
    renderInRouter(leadProps({ canMakeAlly: false }));
    expect(screen.queryByRole('link', { name: 'Convertir en aliado' })).toBeNull();
  });
});
