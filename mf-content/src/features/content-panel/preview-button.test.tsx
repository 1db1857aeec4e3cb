import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentSet, ContentSetPageProps } from '@gota/shared/contracts';
import { axeOptions, fakeHttp, inRouter, pageProps, resetStore, type FakeHttp } from '@gota/shared/testing';
import { ContadoresPage } from '../../pages/panel/contadores-page';

const shared = pageProps('/panel/contadores', { firstName: 'Ana', staff: true });
const set: ContentSet<'contadores'> = {
  kind: 'contadores',
  items: [{ valor: 15, prefijo: '+', sufijo: '', etiqueta: 'empresas aliadas' }],
  version: 3,
  updatedAt: '2026-11-28T16:42:00.000Z',
  updatedBy: 'equipo@gotaagota.mx',
};
const props: ContentSetPageProps<'contadores'> = { set, revisions: [], log: [] };
const preview = { url: '/panel/vista-previa/0f8c2a9e-5d1b-4c7a-9e3f-2b6d8a1c4e70/index', expiresAt: '2026-11-28T17:42:00.000Z' };

let network: FakeHttp;
let opened: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  network = fakeHttp();
  resetStore();
  opened = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => {
  network.restore();
  opened.mockRestore();
});

const renderPage = () => render(inRouter(<ContadoresPage {...shared} {...props} />, '/panel/contadores'));
const button = () => screen.getByRole('button', { name: 'Vista previa (se abre en una pestaña nueva)' });

describe('«Vista previa» of a content set', () => {
  it('sends what is on screen, unsaved, as a save’s body, opens the preview in a new tab and keeps its link', async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    const label = screen.getByRole('textbox', { name: 'Etiqueta' });
    await user.clear(label);
    await user.type(label, 'empresas que se suman');
    network.reply({ status: 201, data: preview });
    await user.click(button());
    expect(network.sent).toHaveLength(1);
    expect(network.sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/contadores/vista-previa',
      json: { items: [{ valor: 15, prefijo: '+', sufijo: '', etiqueta: 'empresas que se suman' }], version: 3 },
    });
    expect(opened).toHaveBeenCalledWith(preview.url, '_blank', 'noopener');
    const again = await screen.findByRole('link', { name: 'abrirla (se abre en una pestaña nueva)' });
    expect(again).toHaveAttribute('href', preview.url);
    expect(again).toHaveAttribute('target', '_blank');
    expect(again.closest('p')).toHaveTextContent('Se puede abrir hasta las 11:42.');
    // nothing was saved: the page still offers to publish, and says nothing was published
    expect(screen.queryByText(/publicados/)).toBeNull();
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });

  it('sends nothing and opens nothing when the server would refuse the set: the messages go on their fields', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByRole('textbox', { name: 'Etiqueta' }));
    await user.click(button());
    expect(screen.getByText('La etiqueta es obligatoria.')).toBeInTheDocument();
    expect(network.sent).toEqual([]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal on its field and opens nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    network.reply({
      status: 422,
      data: { message: 'Revisa los datos.', errors: { 'items.0.etiqueta': ['La etiqueta no debe pasar de 60 caracteres.'] } },
    });
    await user.click(button());
    const row = screen.getByRole('group', { name: /^Contador 1/ });
    expect(await within(row).findByText('La etiqueta no debe pasar de 60 caracteres.')).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /abrirla/ })).toBeNull();
  });
});
