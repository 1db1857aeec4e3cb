import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchQueryMaxLength, searchTexts, type SearchHit, type SearchPageProps } from '@gota/shared/contracts';
import { freshClientEachTest, pageAxeOptions } from '@gota/shared/testing';
import { SearchBox } from './search-box';
import { forgetSearches, searchDebounceMs } from './use-search';

const hit = (title: string, url: string): SearchHit => ({
  kind: 'historia',
  url,
  label: 'Historia · 8 de agosto de 2025',
  title: ['', title],
  snippet: ['Un texto sobre ', title, '.'],
});
/** The page object of /buscar for `hits`, as the API answers the dialog. */
function answer(query: string, hits: SearchHit[], status = 200, problem?: string) {
  const props: SearchPageProps = { query, results: problem ? null : { hits, total: hits.length, page: 1 }, problem, latest: [] };
  return {
    status,
    data: { component: 'Buscar', props: { ...props, errors: {} }, url: `/buscar?q=${query}`, version: 'v1' },
    headers: { 'X-Inertia': 'true' },
  };
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}
function renderBox() {
  const onNavigate = vi.fn();
  const view = render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SearchBox variant="dialog" onNavigate={onNavigate} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  const field = screen.getByRole('combobox', { name: 'Buscar en Gota a Gota' });
  return { ...view, field, onNavigate, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

describe('SearchBox', () => {
  const network = freshClientEachTest();
  beforeEach(() => {
    forgetSearches();
    // the clock runs, and a test that proves nothing more is asked moves it past the pause at once
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => void vi.useRealTimers());
  /** Past the pause after which the box would ask: whatever it was going to ask, it has asked. */
  const pastThePause = () => act(() => vi.advanceTimersByTimeAsync(searchDebounceMs * 2));

  it('asks once per pause in typing, as the page object of /buscar, and announces the count', async () => {
    network.respondWith(() =>
      answer('acuí', [hit('Acuífero', '/aliados#aliados-logos'), hit('Acuíferos del Bajío', '/historias/bajio')]),
    );
    const { field, user } = renderBox();
    await user.type(field, 'acuí');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 resultados'));
    expect(network.sent).toHaveLength(1);
    expect(network.sent[0]).toMatchObject({ method: 'GET', url: '/buscar?q=acu%C3%AD' });
    expect(network.sent[0]!.headers['X-Inertia']).toBe('true');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'AcuíferoHistoria · 8 de agosto de 2025Un texto sobre Acuífero.',
      'Acuíferos del BajíoHistoria · 8 de agosto de 2025Un texto sobre Acuíferos del Bajío.',
      'Ver los 2 resultados en la página de búsqueda',
    ]);
    expect(options[0]!.querySelectorAll('mark')).toHaveLength(2);
  });

  it('says «Más de …» when the count stopped at its cap', async () => {
    network.respondWith(() => {
      const reply = answer('agua', [hit('Agua', '/historias/agua')]);
      const props = reply.data.props;
      return {
        ...reply,
        data: { ...reply.data, props: { ...props, results: { hits: props.results!.hits, total: 1000, more: true, page: 1 } } },
      };
    });
    const { field, user } = renderBox();
    await user.type(field, 'agua');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Más de 1,000 resultados'));
    expect(screen.getAllByRole('option').at(-1)).toHaveTextContent(/^Ver más de 1,000 resultados en la página de búsqueda$/);
  });

  it('drops a stale answer: the earlier query is aborted and its late answer never shows', async () => {
    const late: Array<() => void> = [];
    network.respondWith(
      (request) =>
        new Promise((resolve) => {
          const reply = request.url.endsWith('q=cuen')
            ? answer('cuen', [hit('Vieja', '/historias/vieja')])
            : answer('cuenca', [hit('Cuenca', '/historias/cuenca')]);
          if (request.url.endsWith('q=cuen')) late.push(() => resolve(reply));
          else resolve(reply);
        }),
    );
    const { field, user } = renderBox();
    await user.type(field, 'cuen');
    await waitFor(() => expect(network.sent).toHaveLength(1));
    await user.type(field, 'ca');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 resultado'));
    expect(network.sent[0]!.signal?.aborted).toBe(true);
    act(() => late.forEach((resolve) => resolve()));
    await pastThePause();
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Cuenca');
    expect(screen.queryByText('Vieja')).toBeNull();
  });

  it('moves through the results with the arrow keys and opens the chosen one with Enter', async () => {
    network.respondWith(() => answer('agua', [hit('Uno', '/historias/uno'), hit('Dos', '/historias/dos')]));
    const { field, user, onNavigate } = renderBox();
    await user.type(field, 'agua');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', second.id);
    expect(document.activeElement).toBe(field);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/buscar?q=agua');
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('opens the results page with Enter when no result is chosen (the phone keyboard’s search key)', async () => {
    network.respondWith(() => answer('agua', [hit('Uno', '/historias/uno')]));
    const { field, user } = renderBox();
    expect(field).toHaveAttribute('type', 'search');
    expect(field).toHaveAttribute('enterkeyhint', 'search');
    expect(field.closest('form')).toHaveAttribute('action', '/buscar');
    await user.type(field, 'agua dulce{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/buscar?q=agua+dulce');
  });

  it('says why there are no results: nothing found, too many searches, too long a query, no connection', async () => {
    network.respondWith((request) =>
      request.url.includes('zeppelin')
        ? answer('zeppelin', [])
        : request.url.includes('otra')
          ? answer('otra', [], 429, searchTexts.throttled)
          : 'no-answer',
    );
    const { field, user } = renderBox();
    await user.type(field, 'zeppelin');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No encontramos resultados para «zeppelin».'));
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.clear(field);
    await user.type(field, 'otra');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(searchTexts.throttled));
    await user.clear(field);
    await user.type(field, 'sin red');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(searchTexts.failed));
    const sentBefore = network.sent.length;
    await user.clear(field);
    await user.click(field);
    await user.paste('a'.repeat(searchQueryMaxLength + 1));
    expect(screen.getByRole('status')).toHaveTextContent(searchTexts.tooLong);
    await pastThePause();
    expect(network.sent).toHaveLength(sentBefore);
  });

  it('has no accessibility violations with its results open', async () => {
    network.respondWith(() => answer('agua', [hit('Uno', '/historias/uno')]));
    const { field, user, container } = renderBox();
    await user.type(field, 'agua');
    await waitFor(() => expect(within(container).getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}');
    expect((await axe.run(container, pageAxeOptions)).violations).toEqual([]);
  });
});
