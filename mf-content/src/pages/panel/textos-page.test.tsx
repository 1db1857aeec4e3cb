import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AboutTexts, PageTextsPageProps } from '@gota/shared/contracts';
import { axeOptions, freshClientEachTest, inRouter, pageProps } from '@gota/shared/testing';
import { savedSet } from '../../features/content-panel/saved-set';
import { TextosPage } from './textos-page';

const shared = pageProps('/panel/textos/quienes-somos', { firstName: 'Ana', staff: true });
const about: AboutTexts = {
  hero: { title: 'Somos Gota a Gota', lead: 'Una alianza por el agua.' },
  mission: { title: 'Misión', paragraphs: ['Cuidar el agua.'] },
  vision: { title: 'Visión', paragraphs: ['Pasar a la acción.', 'Sin alarmismo.'] },
  objectives: { title: 'Objetivos', items: [{ title: 'Comunicar', text: 'Campañas claras.' }] },
  participate: { title: 'Participa', items: [{ title: 'Haz el gesto', text: 'Cada gota cuenta.' }] },
};
const props: PageTextsPageProps = {
  page: 'quienes-somos',
  ...savedSet(
    'pagina:quienes-somos',
    { seo: { title: 'Quiénes somos · Gota a Gota', description: 'Nuestra misión.', keywords: 'agua' }, texts: about },
    2,
  ),
};
const { set } = props;

const network = freshClientEachTest();

const renderPage = () => render(inRouter(<TextosPage {...shared} {...props} />, '/panel/textos/quienes-somos'));
const group = (name: string) => screen.getByRole('group', { name });

describe('Panel/Textos', () => {
  it('shows the title and description with their counts, the prose by part, the pages, and no axe violations', async () => {
    const { container } = renderPage();
    expect(screen.getByRole('link', { name: 'Quiénes somos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('27 de 70 caracteres')).toBeVisible();
    expect(screen.getByText('15 de 180 caracteres')).toBeVisible();
    expect(within(group('Misión')).getByRole('textbox', { name: 'Párrafo 1' })).toHaveValue('Cuidar el agua.');
    expect(within(group('Visión')).getByRole('textbox', { name: 'Párrafo 2' })).toHaveValue('Sin alarmismo.');
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
    const mission = within(group('Misión')).getByRole('textbox', { name: 'Párrafo 1' });
    await user.type(mission, ' Juntos.');
    const theirs = { ...set, version: 3, updatedBy: 'otra@gotaagota.mx' };
    network.reply({
      status: 409,
      data: { message: 'Otra persona guardó los textos de esta página mientras los editabas.', current: theirs },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Otra persona guardó los textos de Quiénes somos' }));
    expect(dialog.getByText('Cambian: Misión · Párrafo 1.')).toBeVisible();
    const mine = { ...set.items, texts: { ...about, mission: { title: 'Misión', paragraphs: ['Cuidar el agua. Juntos.'] } } };
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

  it('adds a paragraph to a part, moves it up, removes another, and saves them in that order', async () => {
    const user = userEvent.setup();
    renderPage();
    const mission = within(group('Misión'));
    await user.click(mission.getByRole('button', { name: 'Añadir párrafo a «Misión»' }));
    const added = mission.getByRole('textbox', { name: 'Párrafo 2' });
    expect(added).toHaveFocus();
    await user.type(added, 'Con datos, no con miedo.');
    await user.click(mission.getByRole('button', { name: 'Subir párrafo 2 de «Misión»' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Párrafo 2: ahora en la posición 1 de 2.');
    expect(mission.getByRole('textbox', { name: 'Párrafo 1' })).toHaveValue('Con datos, no con miedo.');
    // the moved paragraph's button keeps the focus (at the top, «Subir» is off: «Bajar» takes it)
    expect(mission.getByRole('button', { name: 'Bajar párrafo 1 de «Misión»' })).toHaveFocus();
    const vision = within(group('Visión'));
    await user.click(vision.getByRole('button', { name: 'Quitar párrafo 1 de «Visión»' }));
    expect(vision.getByRole('button', { name: 'Añadir párrafo a «Visión»' })).toHaveFocus();
    expect(vision.getAllByRole('textbox').map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      'Visión',
      'Sin alarmismo.',
    ]);
    network.reply({ status: 200, data: { set: { ...set, version: 3 }, message: 'Textos de «Quiénes somos» publicados.' } });
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(network.sent[0]).toMatchObject({
      method: 'PUT',
      json: {
        items: {
          texts: {
            mission: { title: 'Misión', paragraphs: ['Con datos, no con miedo.', 'Cuidar el agua.'] },
            vision: { title: 'Visión', paragraphs: ['Sin alarmismo.'] },
          },
        },
        version: 2,
      },
    });
  });

  it('does not send an empty paragraph or a part left with none: the messages say what to do, where it is', async () => {
    const user = userEvent.setup();
    renderPage();
    const mission = within(group('Misión'));
    await user.click(mission.getByRole('button', { name: 'Añadir párrafo a «Misión»' }));
    await user.click(mission.getByRole('button', { name: 'Quitar párrafo 1 de «Misión»' }));
    const objectives = within(group('Objetivos'));
    await user.click(objectives.getByRole('button', { name: 'Quitar objetivo 1 de «Objetivos»' }));
    expect(objectives.queryAllByRole('textbox')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(mission.getByRole('textbox', { name: 'Párrafo 1' })).toHaveAccessibleDescription(
      expect.stringContaining('Este párrafo está vacío: escríbelo o quítalo.'),
    );
    expect(objectives.getByRole('button', { name: 'Añadir objetivo a «Objetivos»' })).toHaveAccessibleDescription(
      'Esta parte necesita al menos un elemento: añade uno.',
    );
    expect(network.sent).toEqual([]);
    // an objective added back is a title and a text, the title first
    await user.click(objectives.getByRole('button', { name: 'Añadir objetivo a «Objetivos»' }));
    expect(within(group('Objetivo 1')).getByRole('textbox', { name: 'Título' })).toHaveFocus();
  });
});
