import { emptyInboxFilters, type InboxPageProps, type PageProps } from '@gota/shared/contracts';
import {
  axeOptions,
  expectCleanHydration,
  inRouter,
  parseHtml,
  RouterAddress,
  serverHtmlAt,
  pageProps,
} from '@gota/shared/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BandejaPage } from './bandeja-page';
import { SinAccesoPage } from './sin-acceso-page';

const shared = pageProps('/panel', { firstName: 'Irene', staff: true });
const inbox: InboxPageProps = {
  filters: emptyInboxFilters,
  leads: [
    {
      id: '0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d0001',
      kind: 'empresa',
      status: 'nuevo',
      empresa: 'Acción por el Agua',
      name: 'Lucía',
      lastName: null,
      email: 'lucia@agua.mx',
      excerpt: 'Queremos sumarnos.',
      createdAt: '2026-11-23T18:05:00.000000Z',
    },
    {
      id: '0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d0002',
      kind: 'registro',
      status: 'atendido',
      empresa: null,
      name: 'José',
      lastName: 'Muñoz',
      email: 'jose@agua.mx',
      excerpt: null,
      createdAt: '2026-11-22T06:00:00.123456Z',
    },
  ],
  nextCursor: 'c2lndWllbnRl',
  paged: false,
  newCounts: { empresa: 1, registro: 0 },
  failedMail: [],
};

function renderInbox(props: Partial<PageProps<InboxPageProps>> = {}, path = '/panel') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/panel"
          element={
            <>
              <BandejaPage {...shared} {...inbox} {...props} />
              <RouterAddress />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BandejaPage', () => {
  it('lists the leads in a table with a caption, dates in Mexico City time and a link to each lead', async () => {
    renderInbox({}, '/panel?q=agua');
    const table = screen.getByRole('table', { name: 'Mensajes y registros, del más reciente al más antiguo' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('23/11/2026 12:05')).toBeVisible();
    expect(within(rows[2]!).getByText('22/11/2026 00:00')).toBeVisible();
    // each lead links back to the view it was opened from, filters included
    expect(screen.getByRole('link', { name: 'Acción por el Agua' })).toHaveAttribute(
      'href',
      '/panel/mensajes/0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d0001?volver=%2Fpanel%3Fq%3Dagua',
    );
    expect(screen.getByRole('link', { name: 'José Muñoz' })).toHaveAttribute(
      'href',
      '/panel/mensajes/0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d0002?volver=%2Fpanel%3Fq%3Dagua',
    );
    expect(screen.getByRole('status').textContent).toBe('Se muestran 2 mensajes.');
    expect(screen.getByRole('list', { name: 'Pendientes de atender' }).textContent).toBe(
      '1 mensaje de empresa nuevo0 registros nuevos',
    );
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('leads an operator to «Versiones» and an administrator to «Equipo», and nobody else', () => {
    const { unmount } = renderInbox();
    expect(screen.queryByRole('link', { name: 'Versiones' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Equipo' })).toBeNull();
    unmount();
    renderInbox({ auth: { user: { firstName: 'Olga', staff: true, roles: ['bandeja', 'operador', 'administrador'] } } });
    expect(screen.getByRole('link', { name: 'Versiones' })).toHaveAttribute('href', '/panel/versiones');
    expect(screen.getByRole('link', { name: 'Equipo' })).toHaveAttribute('href', '/panel/equipo');
  });

  it('is a GET form whose fields are the address parameters, and the export and next page keep the filters', () => {
    const filters = { q: 'acción', tipo: 'empresa', estado: 'nuevo', desde: '2026-11-01', hasta: '2026-11-30' } as const;
    const html = serverHtmlAt(
      1280,
      <MemoryRouter initialEntries={['/panel']}>
        <BandejaPage {...shared} {...inbox} filters={filters} />
      </MemoryRouter>,
    );
    const root = parseHtml(html);
    const form = root.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/panel');
    expect(Object.fromEntries(new FormData(form))).toEqual(filters);
    expect(root.querySelector('a[download]')?.getAttribute('href')).toBe(
      '/panel/exportar.csv?q=acci%C3%B3n&tipo=empresa&estado=nuevo&desde=2026-11-01&hasta=2026-11-30',
    );
    const next = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Siguiente página');
    expect(next?.getAttribute('href')).toBe(
      '/panel?q=acci%C3%B3n&tipo=empresa&estado=nuevo&desde=2026-11-01&hasta=2026-11-30&despues=c2lndWllbnRl',
    );
    // the server's markup does not depend on the width (the narrow layout is CSS only)
    expect(
      serverHtmlAt(
        375,
        <MemoryRouter initialEntries={['/panel']}>
          <BandejaPage {...shared} {...inbox} filters={filters} />
        </MemoryRouter>,
      ),
    ).toBe(html);
  });

  it('hydrates the server markup without a mismatch', async () => {
    await expectCleanHydration(inRouter(<BandejaPage {...shared} {...inbox} />, '/panel'));
  });

  it('with scripts, submitting navigates through the router to the filtered address', async () => {
    const user = userEvent.setup();
    renderInbox();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '  agua limpia ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'registro');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByTestId('address').textContent).toBe('/panel?q=agua+limpia&tipo=registro');
  });

  it('offers the way back to the newest on a later page and says when nothing matches', () => {
    renderInbox({ leads: [], nextCursor: null, paged: true, filters: { ...emptyInboxFilters, q: 'nada' } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No hay mensajes que coincidan con los filtros.');
    expect(screen.getByRole('link', { name: 'Volver a los más recientes' })).toHaveAttribute('href', '/panel?q=nada');
    expect(screen.queryByRole('link', { name: 'Siguiente página' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Quitar filtros' })).toHaveAttribute('href', '/panel');
  });

  it('shows the filter errors on their fields and in a summary, and no export of a refused filter', async () => {
    renderInbox({
      leads: [],
      nextCursor: null,
      errors: {
        desde: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 2026-11-23.',
        despues: 'El enlace de la página siguiente no es válido.',
      },
    });
    const summary = screen.getByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 2026-11-23.' }),
    ).toHaveAttribute('href', '#bandeja-desde');
    expect(within(summary).getByText('El enlace de la página siguiente no es válido.')).toBeVisible();
    expect(screen.getByLabelText('Desde')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).toBeNull();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('tells the team about the mails the outbox gave up on', () => {
    renderInbox({
      failedMail: [
        {
          id: 'm1',
          kind: 'contacto',
          subject: 'Gota a Gota: Nuevo mensaje de Acción',
          lastError: 'ECONNREFUSED',
          attempts: 8,
          createdAt: '2026-11-23T18:05:00.000Z',
          leadId: '0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d0001',
        },
      ],
    });
    const notice = screen.getByRole('region', { name: 'Un correo no se pudo enviar' });
    expect(notice.textContent).toContain('Gota a Gota: Nuevo mensaje de Acción · 23/11/2026 12:05 · 8 intentos · ECONNREFUSED');
    expect(within(notice).getByRole('link', { name: 'Ver el mensaje' })).toHaveAttribute(
      'href',
      '/panel/mensajes/0b3c8a52-1d1e-4f7e-9a39-3f1c2b7d0001',
    );
  });
});

describe('SinAccesoPage', () => {
  it('says the page is not for this account and links back home', async () => {
    render(<SinAccesoPage {...shared} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { level: 1, name: 'No tienes acceso a esta página' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });
});
