import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appName,
  type AboutTexts,
  type ContentSet,
  type PageProps,
  type PageSetKind,
  type PageTextsPageProps,
} from '@gota/shared/contracts';
import { axeOptions, fakeHttp, inRouter, resetStore, type FakeHttp } from '@gota/shared/testing';
import { TextosPage } from './textos-page';

const shared: PageProps = {
  errors: {},
  auth: { user: { firstName: 'Ana', staff: true } },
  seo: {
    title: appName,
    description: '',
    keywords: '',
    url: 'http://localhost/panel/textos/quienes-somos',
    baseUrl: 'http://localhost',
  },
  appName,
};
const about: AboutTexts = {
  hero: { title: 'Somos Gota a Gota', lead: 'Una alianza por el agua.' },
  mission: { title: 'Misión', text: 'Cuidar el agua.' },
  vision: { title: 'Visión', text: 'Pasar a la acción.' },
  objectives: { title: 'Objetivos', items: [{ title: 'Comunicar', text: 'Campañas claras.' }] },
  participate: { title: 'Participa', items: [{ title: 'Haz el gesto', text: 'Cada gota cuenta.' }] },
};
const set: ContentSet<PageSetKind> = {
  kind: 'pagina:quienes-somos',
  items: { seo: { title: 'Quiénes somos · Gota a Gota', description: 'Nuestra misión.', keywords: 'agua' }, texts: about },
  version: 2,
  updatedAt: '2026-11-28T16:42:00.000Z',
  updatedBy: 'equipo@gotaagota.mx',
};
const props: PageTextsPageProps = {
  page: 'quienes-somos',
  set,
  revisions: [
    { number: 2, by: 'equipo@gotaagota.mx', at: '2026-11-28T16:42:00.000Z', items: set.items },
    { number: 1, by: 'sistema', at: '2026-11-01T12:00:00.000Z', items: set.items },
  ],
  log: [{ action: 'guardada', by: 'equipo@gotaagota.mx', at: '2026-11-28T16:42:00.000Z', detail: 'revisión 2' }],
};

let network: FakeHttp;
beforeEach(() => {
  network = fakeHttp();
  resetStore();
});
afterEach(() => network.restore());

const renderPage = () => render(inRouter(<TextosPage {...shared} {...props} />, '/panel/textos/quienes-somos'));
const group = (name: string) => screen.getByRole('group', { name });

describe('Panel/Textos', () => {
  it('shows the title and description with their counts, the prose by part, the pages, and no axe violations', async () => {
    const { container } = renderPage();
    expect(screen.getByRole('link', { name: 'Quiénes somos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('27 de 70 caracteres')).toBeVisible();
    expect(screen.getByText('15 de 180 caracteres')).toBeVisible();
    expect(within(group('Misión')).getByRole('textbox', { name: 'Texto' })).toHaveValue('Cuidar el agua.');
    expect(within(group('Objetivo 1')).getByRole('textbox', { name: 'Título' })).toHaveValue('Comunicar');
    expect(screen.getByRole('button', { name: 'Restaurar la revisión 1 de los textos de Quiénes somos' })).toBeVisible();
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });

  it('links the page texts’ guide once, and no other content’s', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Guía: textos de las páginas' })).toHaveAttribute('href', '/panel/guia/textos');
    expect(screen.getAllByRole('link', { name: /^Guía/ })).toHaveLength(1);
  });

  it('counts while typing, and does not send a title over its limit or an empty description: the messages go on their fields', async () => {
    const user = userEvent.setup();
    renderPage();
    const title = screen.getByRole('textbox', { name: 'Título', description: /pestaña/ });
    await user.type(title, ' y mucho más texto que no cabe en el título de la página');
    expect(screen.getByText('83 de 70 caracteres: sobran 13', { selector: 'p' })).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: 'Descripción' }));
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(screen.getByText('El título no debe pasar de 70 caracteres')).toBeVisible();
    expect(screen.getByText('La descripción es obligatoria')).toBeVisible();
    expect(network.sent).toEqual([]);
  });

  it('saves the page’s texts whole with the version it read, and on a 409 offers saving mine on top', async () => {
    const user = userEvent.setup();
    renderPage();
    const mission = within(group('Misión')).getByRole('textbox', { name: 'Texto' });
    await user.type(mission, ' Juntos.');
    const theirs = { ...set, version: 3, updatedBy: 'otra@gotaagota.mx' };
    network.reply({
      status: 409,
      data: { message: 'Otra persona guardó los textos de esta página mientras los editabas.', current: theirs },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Otra persona guardó los textos de Quiénes somos' }));
    expect(dialog.getByText('Cambian: Misión · Texto.')).toBeVisible();
    const mine = { ...set.items, texts: { ...about, mission: { title: 'Misión', text: 'Cuidar el agua. Juntos.' } } };
    expect(network.sent[0]).toMatchObject({ method: 'PUT', url: '/api/textos/quienes-somos', json: { items: mine, version: 2 } });
    network.reply({
      status: 200,
      data: {
        set: { ...set, items: mine, version: 4 },
        message: 'Textos de «Quiénes somos» publicados: ya los ven los visitantes.',
      },
    });
    await user.click(dialog.getByRole('button', { name: 'Guardar la mía encima' }));
    expect(network.sent[1]).toMatchObject({ json: { items: mine, version: 3 } });
  });
});
