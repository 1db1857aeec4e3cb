import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorStory, HistoriaPageProps } from '@gota/shared/contracts';
import { useLocation } from '@gota/shared/router';
import { useSiteStore } from '@gota/shared/store';
import {
  axeOptions,
  fakeHttp,
  inRouter,
  pageProps,
  parseHtml,
  resetStore,
  serverHtmlAt,
  type FakeHttp,
} from '@gota/shared/testing';
import { autosaveDelayMs } from '../../features/editor/use-autosave';
import { leaveQuestion } from '../../features/editor/use-leave-guard';
import { exampleFields, exampleHistoria, exampleStory } from './example-stories-admin';
import { HistoriaPage } from './historia-page';

const shared = pageProps('/panel/historias/h-escuela', { firstName: 'Ana', staff: true });
let network: FakeHttp;
// jsdom lays nothing out: the body editor (ProseMirror) asks where the selection is, to keep it in view
beforeAll(() => {
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
beforeEach(() => {
  network = fakeHttp();
  resetStore();
  // «Guardado a las 10:42»: the clock of the page is the test's; only timers the test moves run
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-28T16:42:00Z'));
});
afterEach(() => {
  network.restore();
  vi.useRealTimers();
});

const renderPage = (props: HistoriaPageProps = exampleHistoria) =>
  render(inRouter(<HistoriaPage {...shared} {...props} />, '/panel/historias/h-escuela'));
const typist = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const pause = () => act(() => vi.advanceTimersByTimeAsync(autosaveDelayMs));
const sent = () => network.sent.map(({ method, url, json }) => ({ method, url, json }));
const answer = (story: Partial<EditorStory>, message = 'Historia guardada.') => ({
  status: 200,
  data: { story: { ...exampleStory, ...story }, message },
});

describe('Panel/Historia: the fields', () => {
  it('renders on the server with its fields filled; the body editor comes with the scripts', () => {
    const page = parseHtml(
      serverHtmlAt(375, inRouter(<HistoriaPage {...shared} {...exampleHistoria} />, '/panel/historias/h-escuela')),
    );
    expect(page.querySelector<HTMLInputElement>('#historia-titulo')?.value).toBe(exampleFields.titulo);
    expect(page.querySelector('[role="toolbar"]')).not.toBeNull();
    expect(page.querySelector('[contenteditable]')).toBeNull();
  });

  it('proposes the address from the title until it is edited by hand', async () => {
    const user = typist();
    renderPage({ ...exampleHistoria, story: null, revisions: [], log: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Nueva historia' })).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Título' });
    const slug = screen.getByRole('textbox', { name: 'Dirección (slug)' });
    await user.type(title, 'Año nuevo en Ñuñoa');
    expect(slug).toHaveValue('ano-nuevo-en-nunoa');
    expect(screen.getByText('18 de 140 caracteres')).toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, 'ano-nuevo');
    await user.type(title, ', Chile');
    expect(slug).toHaveValue('ano-nuevo');
  });

  it('shows the address of a published story locked, and warns before it is changed', async () => {
    const user = typist();
    renderPage({
      ...exampleHistoria,
      story: { ...exampleStory, state: 'publicada', slugFree: false, firstPublishedAt: '2026-11-01T12:00:00Z' },
    });
    expect(screen.queryByRole('textbox', { name: 'Dirección (slug)' })).toBeNull();
    expect(screen.getByText('/historias/la-escuela-que-cosecha-la-lluvia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar dirección' }));
    expect(screen.getByText(/la anterior seguirá funcionando y llevará a la nueva/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dirección (slug)' })).toHaveFocus();
    // published and unchanged: nothing to publish again, but it can be withdrawn
    expect(screen.queryByRole('button', { name: 'Actualizar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeInTheDocument();
  });

  it('says the background may stay empty when the main image is an uploaded photo, and only then', () => {
    const note = /no hace falta imagen de fondo: la foto ocupa todo el recuadro/;
    const withPhoto = {
      ...exampleStory,
      fields: { ...exampleFields, img: '/media/foto-techo/full.0123456789ab.jpg', imgWhite: '' },
    };
    const { unmount } = renderPage({ ...exampleHistoria, story: withPhoto });
    expect(screen.getByText(note)).toBeVisible();
    unmount();
    renderPage({ ...exampleHistoria, story: { ...withPhoto, fields: { ...withPhoto.fields, img: exampleFields.img } } });
    expect(screen.queryByText(note)).toBeNull();
  });

  it('has every control named, in Spanish, and no axe violation', async () => {
    renderPage();
    for (const name of [
      'Título',
      'Dirección (slug)',
      'Fecha visible',
      'Resumen',
      'Etiquetas',
      /^Imagen principal: dirección/,
      /^Imagen de fondo: dirección/,
      'Texto alternativo',
    ]) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'Imagen grande' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Vista previa (se abre en una pestaña nueva)' })).toHaveAttribute(
      'href',
      '/panel/historias/h-escuela/vista-previa',
    );
    expect(screen.getByRole('link', { name: 'Descargar Markdown' })).toHaveAttribute('href', '/api/historias/h-escuela/markdown');
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Programar' })).toBeInTheDocument();
    const toolbar = await screen.findByRole('toolbar', { name: 'Formato del texto' });
    expect(await within(toolbar).findByRole('button', { name: 'Negrita' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Texto de la historia' })).toBeInTheDocument();
    vi.useRealTimers();
    expect((await axe.run(document.body, axeOptions)).violations).toEqual([]);
  });
});

describe('Panel/Historia: the draft saves itself', () => {
  it('sends the working copy after the pause, with the version it is based on, and says so politely', async () => {
    const user = typist();
    let release: (reply: ReturnType<typeof answer>) => void = () => {};
    network.respondWith(() => new Promise((resolve) => (release = resolve)));
    renderPage();
    const excerpt = screen.getByRole('textbox', { name: /^Resumen/ });
    await user.clear(excerpt);
    await user.type(excerpt, 'Un resumen nuevo.');
    expect(network.sent).toEqual([]);
    await pause();
    expect(sent()).toEqual([
      {
        method: 'PUT',
        url: '/api/historias/h-escuela',
        json: { fields: { ...exampleFields, text: 'Un resumen nuevo.' }, version: 3 },
      },
    ]);
    const status = screen.getByRole('status', { name: '' });
    expect(status).toHaveTextContent('Guardando…');
    await act(async () => release(answer({ version: 4 })));
    expect(status).toHaveTextContent('Guardado a las 10:42');

    // the next save is based on the version the server answered
    network.reply(answer({ version: 5 }));
    await user.type(excerpt, ' Más.');
    await pause();
    expect(network.sent.at(-1)?.json).toMatchObject({ version: 4 });
  });

  it('saves what is on screen before the preview opens, so the preview shows the last words typed', async () => {
    const user = typist();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    let release: (reply: ReturnType<typeof answer>) => void = () => {};
    network.respondWith(() => new Promise((resolve) => (release = resolve)));
    renderPage();
    await user.type(screen.getByRole('textbox', { name: /^Resumen/ }), ' Y algo más.');
    await user.click(screen.getByRole('link', { name: 'Vista previa (se abre en una pestaña nueva)' }));
    expect(sent()).toHaveLength(1);
    expect(opened).not.toHaveBeenCalled();
    await act(async () => release(answer({ version: 4 })));
    expect(opened).toHaveBeenCalledWith(
      new URL('/panel/historias/h-escuela/vista-previa', window.location.href).href,
      '_blank',
      'noopener',
    );
    opened.mockRestore();
  });

  it('says why a save failed and retries on demand', async () => {
    const user = typist();
    network.reply({ status: 500, data: { message: 'Error interno.' } }, answer({ version: 4 }));
    renderPage();
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), '!');
    await pause();
    expect(await screen.findByText('No se pudo guardar: Error interno.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Guardado a las 10:42')).toBeInTheDocument();
    expect(network.sent).toHaveLength(2);
  });

  it('saves a draft with a title alone, and sends nothing without one, naming what is missing', async () => {
    const user = typist();
    network.reply({
      status: 201,
      data: { story: { ...exampleStory, id: 'h-nueva', version: 1 }, message: 'Historia guardada como borrador.' },
    });
    renderPage({ ...exampleHistoria, story: null, revisions: [], log: [] });
    await user.type(screen.getByRole('textbox', { name: /^Resumen/ }), 'Sin título aún');
    await pause();
    expect(screen.getByText('Sin guardar todavía: revisa Título.')).toBeInTheDocument();
    expect(network.sent).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Una historia');
    await pause();
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: '/api/historias',
        json: { fields: expect.objectContaining({ titulo: 'Una historia', slug: 'una-historia', tags: [], img: '' }) },
      },
    ]);
  });

  it('names what a publication still waits for, and publishes nothing', async () => {
    const user = typist();
    renderPage({ ...exampleHistoria, story: { ...exampleStory, fields: { ...exampleFields, tags: [], text: '' } } });
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(useSiteStore.getState().alerts.at(-1)).toMatchObject({
      type: 'warning',
      title: 'Para publicar falta completar: Resumen y Etiquetas.',
    });
    expect(network.sent).toEqual([]);
    expect(screen.getByText('Pon al menos una etiqueta')).toBeInTheDocument();
  });

  it('creates a new story with its first save and moves the address to it without a reload', async () => {
    const user = typist();
    const created = { ...exampleStory, id: 'h-nueva', version: 1 };
    network.reply({ status: 201, data: { story: created, message: 'Historia creada.' } });
    renderPage({ ...exampleHistoria, story: null, revisions: [], log: [] });
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'La escuela que cosecha la lluvia');
    await user.type(screen.getByRole('textbox', { name: /^Resumen/ }), exampleFields.text);
    await user.type(screen.getByRole('textbox', { name: 'Etiquetas' }), 'agua{Enter}escuelas{Enter}');
    await user.type(screen.getByRole('textbox', { name: /^Imagen principal/ }), exampleFields.img);
    await user.type(screen.getByRole('textbox', { name: /^Imagen de fondo/ }), exampleFields.imgWhite);
    await user.type(screen.getByRole('textbox', { name: /^Texto alternativo/ }), exampleFields.alt);
    await user.click(await screen.findByRole('textbox', { name: 'Texto de la historia' }));
    await user.keyboard('La escuela junta la lluvia.');
    await pause();
    // a title is a draft: the first save creates the story, the next ones are saved on it
    expect(sent()[0]).toMatchObject({
      method: 'POST',
      url: '/api/historias',
      json: { fields: { titulo: 'La escuela que cosecha la lluvia', slug: 'la-escuela-que-cosecha-la-lluvia' } },
    });
    expect(
      sent()
        .slice(1)
        .every((request) => request.method === 'PUT' && request.url === '/api/historias/h-nueva'),
    ).toBe(true);
    expect(sent().at(-1)).toMatchObject({ json: { fields: { tags: ['AGUA', 'ESCUELAS'] } } });
    expect((sent().at(-1)!.json as { fields: { body: string } }).fields.body).toContain('La escuela junta la lluvia.');
    expect(await screen.findByText('Guardado a las 10:42')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/panel/historias/h-nueva');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar la historia' })).toBeInTheDocument();
    // saved: the actions appear, and the next save is a PUT of version 1
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
  });
});

describe('Panel/Historia: leaving', () => {
  function Where() {
    return <span data-testid="where">{useLocation().pathname}</span>;
  }

  it('asks before a link of the site is followed with unsaved changes, and stays when told to', async () => {
    const user = typist();
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(
      inRouter(
        <>
          <HistoriaPage {...shared} {...exampleHistoria} />
          <Where />
        </>,
        '/panel/historias/h-escuela',
      ),
    );
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), '!');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Todas las historias' }));
    expect(ask).toHaveBeenCalledWith(leaveQuestion);
    expect(screen.getByTestId('where')).toHaveTextContent('/panel/historias/h-escuela');
    ask.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Todas las historias' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/panel\/historias$/);
    ask.mockRestore();
  });
});

describe('Panel/Historia: two editors on one story', () => {
  const theirs: EditorStory = {
    ...exampleStory,
    version: 5,
    updatedBy: 'luis@gotaagota.mx',
    updatedAt: '2026-11-28T16:40:00Z',
    fields: { ...exampleFields, titulo: 'El título de Luis', body: 'El texto de Luis.\n' },
  };
  const conflict = { status: 409, data: { message: 'Otra persona guardó la historia mientras la editabas.', current: theirs } };

  async function collide() {
    const user = typist();
    renderPage();
    const title = screen.getByRole('textbox', { name: /^Título/ });
    await user.clear(title);
    await user.type(title, 'Mi título');
    await pause();
    const dialog = within(await screen.findByRole('dialog', { name: 'Otra persona guardó esta historia' }));
    return { user, dialog, title };
  }

  it('shows both texts side by side and, with «Guardar la mía encima», saves mine on top of their version', async () => {
    network.reply(conflict, answer({ version: 6, titulo: 'Mi título' }));
    const { user, dialog, title } = await collide();
    expect(dialog.getByText(/Otra persona guardó la historia mientras la editabas\./)).toBeInTheDocument();
    expect(dialog.getByText('Cambian: Título, Dirección, Texto.')).toBeInTheDocument();
    expect(within(dialog.getByRole('region', { name: 'Tu versión' })).getByText('Mi título')).toBeInTheDocument();
    const other = within(dialog.getByRole('region', { name: 'La suya (luis@gotaagota.mx, 28/11/2026 10:40)' }));
    expect(other.getByText('El título de Luis')).toBeInTheDocument();
    expect(other.getByText('El texto de Luis.')).toBeInTheDocument();
    expect(screen.getByText('Sin guardar: otra persona guardó esta historia antes.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Guardar la mía encima' }));
    expect(await screen.findByText('Guardado a las 10:42')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent().map(({ method, json }) => [method, (json as { version: number }).version])).toEqual([
      ['PUT', 3],
      ['PUT', 5],
    ]);
    expect(title).toHaveValue('Mi título');
  });

  it('with «Usar la suya», takes their text and sends nothing more', async () => {
    network.reply(conflict);
    const { user, dialog, title } = await collide();
    await user.click(dialog.getByRole('button', { name: 'Usar la suya' }));
    expect(title).toHaveValue('El título de Luis');
    expect(await screen.findByText('El texto de Luis.')).toBeInTheDocument();
    await pause();
    expect(network.sent).toHaveLength(1);
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toContain(
      'Tienes ahora la versión guardada por la otra persona.',
    );
  });
});

describe('Panel/Historia: actions and revisions', () => {
  it('publishes the version on screen and shows the server’s message as an alert', async () => {
    const user = typist();
    network.respondWith(({ url }) =>
      url.endsWith('/publicar')
        ? answer({ state: 'publicada', version: 4, slugFree: false }, 'Historia publicada.')
        : { status: 200, data: { ...shared, component: 'Panel/Historia', props: exampleHistoria } },
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(sent()[0]).toEqual({ method: 'POST', url: '/api/historias/h-escuela/publicar', json: { version: 3 } });
    expect(await screen.findByText('Publicada')).toBeInTheDocument();
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toContain('Historia publicada.');
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeInTheDocument();
  });

  it('schedules for a date and time of central Mexico', async () => {
    const user = typist();
    network.respondWith(({ url }) =>
      url.endsWith('/programar')
        ? answer({ state: 'programada', publishAt: '2026-12-07T15:00:00Z', version: 4 }, 'Historia programada.')
        : { status: 200, data: {} },
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Programar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Programar la publicación' }));
    expect(dialog.getByText(/hora del centro de México/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Fecha'), '2026-12-07');
    await user.clear(dialog.getByLabelText('Hora del centro de México'));
    await user.type(dialog.getByLabelText('Hora del centro de México'), '09:00');
    await user.click(dialog.getByRole('button', { name: 'Programar' }));
    expect(sent()[0]).toEqual({
      method: 'POST',
      url: '/api/historias/h-escuela/programar',
      json: { version: 3, at: '2026-12-07T09:00' },
    });
    expect(await screen.findByText(/Se publicará el 07\/12\/2026 09:00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar programación' })).toBeInTheDocument();
  });

  it('compares two revisions (changed fields and the body line by line) and restores one', async () => {
    const user = typist();
    const revision = (number: number, fields = exampleFields) => ({
      number,
      by: 'ana@gotaagota.mx',
      at: '2026-11-27T16:30:00Z',
      fields,
    });
    network.respondWith(({ method, url }) => {
      if (method === 'GET' && url.endsWith('/revisiones')) return { status: 200, data: exampleHistoria.revisions };
      if (url.endsWith('/revisiones/1'))
        return {
          status: 200,
          data: revision(1, { ...exampleFields, titulo: 'Título viejo', body: '## Un techo que da agua\n\nAntes.\n' }),
        };
      if (url.endsWith('/revisiones/3')) return { status: 200, data: revision(3) };
      if (url.endsWith('/revisiones/1/restaurar'))
        return answer({ version: 4, fields: { ...exampleFields, titulo: 'Título viejo' } }, 'Revisión 1 restaurada.');
      return { status: 200, data: {} };
    });
    renderPage();
    await user.click(screen.getByText('Revisiones (3)'));
    await user.click(screen.getByRole('checkbox', { name: /Revisión 1/ }));
    await user.click(screen.getByRole('checkbox', { name: /Revisión 3/ }));
    await user.click(screen.getByRole('button', { name: 'Comparar las dos revisiones marcadas' }));
    const comparison = within(await screen.findByRole('region', { name: 'Revisión 1 comparada con la 3' }));
    expect(comparison.getByRole('row', { name: 'Título Título viejo La escuela que cosecha la lluvia' })).toBeInTheDocument();
    const lines = comparison.getByRole('list', { name: 'Cambios del texto de la revisión 1 a la 3' });
    expect(within(lines).getByText(/Quitado:/).parentElement).toHaveTextContent('Antes.');
    expect(
      within(lines)
        .getAllByText(/Añadido:/)
        .map((node) => node.parentElement?.textContent),
    ).toContain('+ Añadido: La escuela **junta** la lluvia desde 2024.');

    await user.click(screen.getByRole('button', { name: 'Restaurar la revisión 1' }));
    expect(await screen.findByDisplayValue('Título viejo')).toBeInTheDocument();
    expect(sent().find(({ url }) => url.endsWith('/restaurar'))).toEqual({
      method: 'POST',
      url: '/api/historias/h-escuela/revisiones/1/restaurar',
      json: { version: 3 },
    });
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toContain('Revisión 1 restaurada.');
  });
});
