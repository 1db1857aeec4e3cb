import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { searchTexts, type SearchPageProps } from '@gota/shared/contracts';
import { useLocation } from '@gota/shared/router';
import { inRouter, pageAxeOptions } from '@gota/shared/testing';
import { SearchPage } from './search-page';

const shared = {
  errors: {},
  auth: { user: null },
  appName: 'Gota a Gota',
  seo: { title: '', description: '', keywords: '', url: '', baseUrl: '' },
};
const latest = [
  { title: 'Cinco Aguas', url: '/historias/proyecto-cinco-aguas' },
  { title: 'Un latido en cada gota', url: '/historias/un-latido-en-cada-gota' },
];
const hit = (n: number) => ({
  kind: 'historia' as const,
  url: `/historias/h${n}`,
  label: 'Historia · 8 de agosto de 2025',
  title: ['Cuidar la ', 'cuenca', ` ${n}`],
  snippet: ['Doce comunidades y una ', 'cuenca', '.'],
});

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}
function page(props: Partial<SearchPageProps>) {
  const all: SearchPageProps = { query: '', results: null, latest, ...props };
  return render(
    inRouter(
      <>
        <SearchPage {...shared} {...all} />
        <Where />
      </>,
      '/buscar',
    ),
  );
}

describe('SearchPage', () => {
  it('lists the results with the matched words in <mark>, the count announced, and the next page', async () => {
    const { container } = page({
      query: 'cuenca',
      results: { hits: Array.from({ length: 10 }, (_, i) => hit(i + 1)), total: 12, page: 1 },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Resultados de «cuenca»' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('12 resultados · página 1 de 2');
    const first = within(screen.getAllByRole('listitem')[0]!);
    expect(first.getByRole('link', { name: 'Cuidar la cuenca 1' })).toHaveAttribute('href', '/historias/h1');
    expect(container.querySelectorAll('mark')).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Más resultados' })).toHaveAttribute('href', '/buscar?q=cuenca&pagina=2');
    expect(screen.queryByRole('link', { name: 'Resultados anteriores' })).toBeNull();
    expect((await axe.run(container, pageAxeOptions)).violations).toEqual([]);
  });

  it('says «Más de …» when the count stopped at its cap, without a last page it cannot know', () => {
    page({
      query: 'agua',
      results: { hits: Array.from({ length: 10 }, (_, i) => hit(i + 1)), total: 1000, more: true, page: 3 },
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Más de 1,000 resultados · página 3$/);
    expect(screen.getByRole('link', { name: 'Más resultados' })).toHaveAttribute('href', '/buscar?q=agua&pagina=4');
  });

  it('shows markup in content or query as text, never as elements', () => {
    const { container } = page({
      query: '<b>x</b>',
      results: { hits: [{ ...hit(1), title: ['<img src=x onerror=alert(1)>', 'agua'] }], total: 1, page: 1 },
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resultados de «<b>x</b>»');
  });

  it('says what to search for when empty, and what to try when nothing was found, with the newest stories and the allies', async () => {
    const empty = page({});
    expect(screen.getByText(searchTexts.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cinco Aguas' })).toHaveAttribute('href', '/historias/proyecto-cinco-aguas');
    expect(screen.getByRole('link', { name: 'Conoce a nuestros aliados' })).toHaveAttribute('href', '/aliados');
    expect((await axe.run(empty.container, pageAxeOptions)).violations).toEqual([]);
    empty.unmount();
    page({ query: 'zeppelin', results: { hits: [], total: 0, page: 1 } });
    expect(screen.getByRole('status')).toHaveTextContent('No encontramos resultados para «zeppelin».');
    expect(screen.getByText(/prueba con menos palabras/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas las historias' })).toHaveAttribute('href', '/historias');
  });

  it('shows a refusal in the status, with the field kept', () => {
    page({ query: 'agua', problem: searchTexts.throttled });
    expect(screen.getByRole('status')).toHaveTextContent(searchTexts.throttled);
    expect(screen.getByRole('searchbox', { name: '¿Qué buscas?' })).toHaveValue('agua');
  });

  it('is a GET form to /buscar (it works without scripts), and once live a search is a client-side visit', async () => {
    const user = userEvent.setup();
    page({});
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/buscar');
    expect(form).toHaveAttribute('method', 'get');
    const field = screen.getByRole('searchbox', { name: '¿Qué buscas?' });
    expect(field).toHaveAttribute('name', 'q');
    expect(field).toHaveAttribute('enterkeyhint', 'search');
    await user.type(field, 'agua dulce{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/buscar?q=agua+dulce');
  });
});
