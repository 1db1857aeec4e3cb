import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { HistoriasPageProps } from '@gota/shared/contracts';
import { axeOptions, inRouter, pageProps } from '@gota/shared/testing';
import { exampleHistorias } from './example-stories-admin';
import { HistoriasPage } from './historias-page';

const shared = pageProps('/panel/historias', { firstName: 'Ana', staff: true });

const renderList = (props: HistoriasPageProps = exampleHistorias) =>
  render(inRouter(<HistoriasPage {...shared} {...props} />, '/panel/historias', { address: true }));

describe('Panel/Historias', () => {
  it('lists every story with its state, what waits, and who changed it last and when (Mexico City time)', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Historias' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('4 historias.');
    const item = (name: string) => within(screen.getByRole('listitem', { name }));
    expect(item('La escuela que cosecha la lluvia').getByText('Borrador')).toBeInTheDocument();
    expect(item('La escuela que cosecha la lluvia').getByText(/Último cambio: ana@gotaagota\.mx/)).toHaveTextContent(
      'Último cambio: ana@gotaagota.mx, 27/11/2026 10:42',
    );
    expect(item('La escuela que cosecha la lluvia').queryByText('cambios sin publicar')).toBeNull();
    expect(item('Cinco Aguas').getByText('Publicada')).toBeInTheDocument();
    expect(item('Cinco Aguas').getByText('cambios sin publicar')).toBeInTheDocument();
    expect(item('Agua para el lunes').getByText('Programada')).toBeInTheDocument();
    expect(item('Agua para el lunes').getByText('para el 30/11/2026 09:00')).toBeInTheDocument();
    expect(item('Una historia retirada').getByText('Retirada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cinco Aguas' })).toHaveAttribute('href', '/panel/historias/h-cinco-aguas');
    expect(screen.getByRole('link', { name: 'Nueva historia' })).toHaveAttribute('href', '/panel/historias/nueva');
    expect(screen.getByRole('link', { name: 'Publicar una historia' })).toHaveAttribute('href', '/panel/guia/historias');
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });

  it('searches with a GET form (?q=) that the router follows', async () => {
    const user = userEvent.setup();
    renderList();
    const form = screen.getByRole('search', { name: 'Buscar historias' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/panel/historias');
    await user.type(within(form).getByRole('searchbox', { name: 'Buscar' }), ' lluvia ');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/panel/historias?q=lluvia');
  });

  it('says when nothing matches, and offers the whole list again', () => {
    renderList({ stories: [], query: 'nada' });
    expect(screen.getByRole('status')).toHaveTextContent('Ninguna historia coincide con «nada».');
    expect(screen.getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/panel/historias');
    expect(screen.queryByRole('list', { name: 'Historias' })).toBeNull();
  });
});
