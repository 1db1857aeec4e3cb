import { useSiteStore } from '@gota/shared/store';
import { fakeHttp } from '@gota/shared/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteDialogs } from '../dialogs/on-demand-dialogs';
import { resetStore } from '../layout/test-utils';
import { onDemand, OnDemandPart } from './on-demand';

function Greeting({ name }: { name: string }) {
  return <p role="note">Hola, {name}</p>;
}

describe('onDemand', () => {
  it('fetches the code once, the first time the part is wanted, and keeps it mounted afterwards', async () => {
    const load = vi.fn(async () => Greeting);
    const part = onDemand(load);
    const onFailure = vi.fn();
    const view = render(<OnDemandPart part={part} wanted={false} props={{ name: 'Ana' }} onFailure={onFailure} />);
    expect(load).not.toHaveBeenCalled();
    expect(view.container.innerHTML).toBe('');

    view.rerender(<OnDemandPart part={part} wanted props={{ name: 'Ana' }} onFailure={onFailure} />);
    expect(await screen.findByRole('note')).toHaveTextContent('Hola, Ana');
    view.rerender(<OnDemandPart part={part} wanted={false} props={{ name: 'Ana' }} onFailure={onFailure} />);
    expect(screen.getByRole('note')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('prefetches without rendering, and a prefetch that failed is tried again', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('sin red')).mockResolvedValue(Greeting);
    const part = onDemand(load);
    part.prefetch();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    render(<OnDemandPart part={part} wanted props={{ name: 'Luis' }} onFailure={() => undefined} />);
    expect(await screen.findByRole('note')).toHaveTextContent('Hola, Luis');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells the caller when the code cannot be fetched, and loads it again the next time it is wanted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('sin red')).mockResolvedValue(Greeting);
    const part = onDemand(load);
    let wanted = true;
    const onFailure = vi.fn(() => {
      wanted = false;
    });
    const view = render(<OnDemandPart part={part} wanted={wanted} props={{ name: 'Eva' }} onFailure={onFailure} />);
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    view.rerender(<OnDemandPart part={part} wanted={false} props={{ name: 'Eva' }} onFailure={onFailure} />);
    expect(screen.queryByRole('note')).toBeNull();

    view.rerender(<OnDemandPart part={part} wanted props={{ name: 'Eva' }} onFailure={onFailure} />);
    expect(await screen.findByRole('note')).toHaveTextContent('Hola, Eva');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('SiteDialogs', () => {
  beforeEach(resetStore);

  it('renders nothing while every dialog is closed, on the server as in the browser', () => {
    expect(renderToString(<SiteDialogs />)).toBe('');
    const { container } = render(<SiteDialogs />);
    expect(container.innerHTML).toBe('');
  });

  it('asks for a fresh anti-forgery token each time a contact form opens, and keeps it in the meta tag (decision 040)', async () => {
    const network = fakeHttp();
    network.reply({ status: 204, headers: { 'X-CSRF-TOKEN': 'firmado.al.abrir' } });
    document.head.innerHTML = '<meta name="csrf-token" content="valor-de-la-pagina">';
    try {
      render(<SiteDialogs />);
      act(() => useSiteStore.getState().setPrivacyDialog(true));
      expect(network.sent).toEqual([]);
      act(() => useSiteStore.getState().setContactForm(true));
      await waitFor(() =>
        expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('firmado.al.abrir'),
      );
      act(() => useSiteStore.getState().setContactForm(false));
      act(() => useSiteStore.getState().setEmpresaForm(true));
      await waitFor(() => expect(network.sent).toHaveLength(2));
      expect(network.sent.map((request) => [request.method, request.url])).toEqual([
        ['GET', '/csrf-token'],
        ['GET', '/csrf-token'],
      ]);
    } finally {
      network.restore();
      document.head.innerHTML = '';
    }
  });

  it('opens a dialog as soon as its code arrives, however early it was asked for', async () => {
    render(<SiteDialogs />);
    act(() => useSiteStore.getState().setPrivacyDialog(true));
    expect(await screen.findByRole('dialog', { name: 'Aviso de privacidad' })).toBeInTheDocument();
  });
});
