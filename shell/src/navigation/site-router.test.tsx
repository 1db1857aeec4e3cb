import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageObject } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { fakeHttp, resetStore, type FakeHttp, type SentRequest } from '@gota/shared/testing';
import { plainJsonMessage } from './page-loader';
import { progressDelayMs } from './progress-bar';
import { createSiteRouter } from './site-router';

function page(component: string, url: string, version = 'v1'): PageObject {
  return {
    component,
    url,
    version,
    props: {
      errors: {},
      auth: { user: null },
      appName: 'Gota a Gota',
      seo: {
        title: `${component} · Gota a Gota`,
        description: 'd',
        keywords: 'k',
        url: `http://sitio.test${url}`,
        baseUrl: 'http://sitio.test',
      },
    },
  };
}

type Reply = { status: number; headers?: Record<string, string>; body: string; delayMs?: number };
let replies: Record<string, Reply> = {};
let network: FakeHttp;
const requests = (): SentRequest[] => network.sent;

async function answerFromReplies(request: SentRequest) {
  const reply = replies[request.url];
  if (!reply) throw new Error(`sin respuesta para ${request.url}`);
  if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  return { status: reply.status, body: reply.body, headers: reply.headers ?? {} };
}

const pageReply = (p: PageObject, delayMs?: number): Reply => ({
  status: 200,
  headers: { 'x-inertia': 'true', 'content-type': 'application/json' },
  body: JSON.stringify(p),
  delayMs,
});

beforeEach(() => {
  network = fakeHttp();
  network.respondWith(answerFromReplies);
  replies = {};
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  window.history.replaceState(null, '', '/example');
});
afterEach(() => {
  network.restore();
  resetStore();
});

function start() {
  const router = createSiteRouter(page('Example', '/example'));
  render(<RouterProvider router={router} />);
  return router;
}

describe('navigation client', () => {
  it('renders the first page from the document without fetching it', async () => {
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ejemplo' })).toBeVisible();
    expect(requests()).toHaveLength(0);
  });

  it('fetches the next page object with the protocol headers and updates the head', async () => {
    replies['/no-existe'] = pageReply(page('NotFound', '/no-existe'));
    const router = start();
    await act(() => router.navigate('/no-existe'));
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
    const headers = requests()[0]?.headers;
    expect(headers?.['X-Inertia']).toBe('true');
    expect(headers?.['X-Inertia-Version']).toBe('v1');
    expect(headers?.['X-Requested-With']).toBe('XMLHttpRequest');
    // never the browser's kept page object of another release (stale-while-revalidate is for the edge)
    expect(headers?.['Cache-Control']).toBe('max-age=0');
    expect(requests()[0]?.signal).toBeDefined();
    expect(document.title).toBe('NotFound · Gota a Gota');
    expect(window.location.pathname).toBe('/no-existe');
  });

  it('shows a plain JSON reply in the full-screen modal and stays on the page; Escape closes it', async () => {
    replies['/healthz'] = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"ok"}' };
    const router = start();
    await screen.findByRole('heading', { level: 1, name: 'Ejemplo' });
    await act(() => router.navigate('/healthz'));
    const modal = await screen.findByRole('dialog', { name: 'Respuesta inesperada del servidor' });
    expect(modal).toHaveTextContent(plainJsonMessage);
    expect(modal).toHaveTextContent('{"status":"ok"}');
    await waitFor(() => expect(window.location.pathname).toBe('/example'));
    // the page is still there, hidden from assistive technology while the modal is open
    expect(screen.getByRole('heading', { level: 1, name: 'Ejemplo', hidden: true })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Respuesta inesperada del servidor' })).toBeNull());
  });

  it('reloads the whole document on 409 at the given location', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign, href: window.location.href });
    replies['/aliados'] = { status: 409, headers: { 'x-inertia-location': 'http://sitio.test/aliados' }, body: '' };
    const router = start();
    void router.navigate('/aliados');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://sitio.test/aliados'));
    vi.restoreAllMocks();
  });

  it('uses the page url after a redirect without fetching that page again', async () => {
    replies['/viejo'] = pageReply(page('NotFound', '/nuevo'));
    const router = start();
    await act(() => router.navigate('/viejo'));
    await waitFor(() => expect(window.location.pathname).toBe('/nuevo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
    expect(requests().map((request) => request.url)).toEqual(['/viejo']);
  });

  it('keeps the address visited when the page answers for it without the parameters it does not read (decision 052)', async () => {
    replies['/no-existe?utm_source=correo'] = pageReply(page('NotFound', '/no-existe'));
    const router = start();
    await act(() => router.navigate('/no-existe?utm_source=correo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/no-existe?utm_source=correo');
    expect(requests().map((request) => request.url)).toEqual(['/no-existe?utm_source=correo']);
  });

  it('shows the progress bar only once a visit has taken 250 ms', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.respondWith(async () => {
      await answered;
      return { status: 200, body: JSON.stringify(page('NotFound', '/lento')), headers: { 'x-inertia': 'true' } };
    });
    const router = start();
    await screen.findByRole('heading', { level: 1, name: 'Ejemplo' });
    // the page's clock is the test's: a loaded machine that runs late cannot move the bar earlier or later
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => void router.navigate('/lento'));
      await act(() => vi.advanceTimersByTimeAsync(progressDelayMs - 1));
      expect(screen.queryByRole('progressbar', { name: 'Cargando página' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('progressbar', { name: 'Cargando página' })).toBeInTheDocument();
      await act(async () => answer());
    } finally {
      vi.useRealTimers();
    }
    await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('tells the visitor when the server cannot be reached, and stays', async () => {
    const router = start();
    await screen.findByRole('heading', { level: 1, name: 'Ejemplo' });
    network.reply('no-answer');
    await act(() => router.navigate('/historias'));
    await waitFor(() =>
      expect(useSiteStore.getState().alerts).toContainEqual(
        expect.objectContaining({ type: 'error', subtitle: 'Esto no debía de haber pasado, intenta más tarde' }),
      ),
    );
    expect(window.location.pathname).toBe('/example');
  });
});
