import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlliesPageProps, ContentSet, EditableAlly } from '@gota/shared/contracts';
import { axeOptions, fakeHttp, inRouter, pageProps, resetStore, type FakeHttp } from '@gota/shared/testing';
import { AliadosPage } from './aliados-page';

const shared = pageProps('/panel/aliados', { firstName: 'Ana', staff: true });
const ally = (id: string, empresa: string): EditableAlly => ({
  id,
  seccion: 'aliados',
  empresa,
  img: `/img/aliados/${id}.svg`,
  text: `Qué hace ${empresa}.`,
  link: `https://${id}.example`,
  textBtn: '',
  visible: true,
});
const set: ContentSet<'aliados'> = {
  kind: 'aliados',
  items: [
    ally('lluvia-viva', 'Fundación Lluvia Viva'),
    ally('tres-cuencas', 'Cervecería Tres Cuencas'),
    { ...ally('red-universitaria', 'Red Universitaria del Agua'), seccion: 'miembros', text: '', link: '' },
  ],
  version: 2,
  updatedAt: '2026-11-28T16:42:00.000Z',
  updatedBy: 'equipo@gotaagota.mx',
};
const props: AlliesPageProps = {
  set,
  revisions: [{ number: 2, by: 'equipo@gotaagota.mx', at: '2026-11-28T16:42:00.000Z', items: set.items }],
  log: [{ action: 'guardada', by: 'equipo@gotaagota.mx', at: '2026-11-28T16:42:00.000Z', detail: 'revisión 2' }],
  fromLead: null,
};
const lead = {
  leadId: '5b0c2c9e-8d4f-4a4b-9a51-0c7f3f0e2a11',
  empresa: 'Riego Justo S.C.',
  contacto: 'Marta Gil <marta@riegojusto.example>',
  mensaje: 'Queremos sumarnos.',
};

let network: FakeHttp;
beforeEach(() => {
  network = fakeHttp();
  resetStore();
});
afterEach(() => {
  network.restore();
  vi.restoreAllMocks();
});

const renderPage = (given: AlliesPageProps = props) => render(inRouter(<AliadosPage {...shared} {...given} />, '/panel/aliados'));
const section = (name: string) => within(screen.getByRole('region', { name }));
const saved = {
  status: 200,
  data: { set: { ...set, version: 3 }, message: 'Aliados y miembros publicados: ya los ven los visitantes.' },
};

describe('Panel/Aliados', () => {
  it('lists the allies and the members in their own sections, with no axe violations', async () => {
    const { container } = renderPage();
    expect(section('Aliados').getAllByRole('group')).toHaveLength(2);
    expect(section('Miembros').getByRole('group', { name: /Miembro 1: Red Universitaria del Agua/ })).toBeVisible();
    // a member shows its name and logo only
    expect(section('Miembros').queryByRole('textbox', { name: /Descripción/ })).toBeNull();
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });

  it('links the allies’ guide, not another content’s', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Guía: aliados y miembros' })).toHaveAttribute('href', '/panel/guia/aliados');
    expect(screen.queryByRole('link', { name: /^Guía: (?!aliados)/ })).toBeNull();
  });

  it('moves an ally down within its section, says where, and moves it to the members; the save sends the new list', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('button', { name: 'Bajar el aliado 2' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Bajar el aliado 1' }));
    expect(screen.getByText('Aliado 1 movido a la posición 2 de 2.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mover a Miembros el aliado 2' }));
    expect(screen.getByText('Aliado 2 movido a Miembros.')).toBeVisible();
    expect(section('Miembros').getByRole('group', { name: /Miembro 1: Fundación Lluvia Viva/ })).toBeVisible();
    network.reply(saved);
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(network.sent[0]).toMatchObject({
      method: 'PUT',
      url: '/api/aliados',
      json: { items: [set.items[1], { ...set.items[0], seccion: 'miembros' }, set.items[2]], version: 2 },
    });
  });

  it('reorders by dragging with the keyboard, says each step in Spanish, and saves the new order', async () => {
    // jsdom lays nothing out: each row of a list stands 100 px below the one before
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const row = this.closest('li');
      const top = row ? [...row.parentElement!.children].indexOf(row) * 100 : 0;
      return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 90, width: 600, height: 90, toJSON: () => ({}) };
    });
    const user = userEvent.setup();
    renderPage({
      ...props,
      set: { ...set, items: [...set.items.slice(0, 2), ally('agua-clara', 'Agua Clara A.C.'), set.items[2]!] },
    });
    const handle = screen.getByRole('button', { name: 'Arrastrar el aliado 1' });
    expect(handle).toHaveAccessibleDescription(/pulsa Espacio o Intro/);
    handle.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Tomaste el aliado 1, en la posición 1 de 3.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Aliado 1 sobre la posición 2 de 3.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(await screen.findByText('Aliado 1 movido a la posición 3 de 3.')).toBeVisible();
    const names = section('Aliados')
      .getAllByRole('group')
      .map((group) => within(group).getByRole('textbox', { name: 'Nombre' }));
    expect(names.map((field) => (field as HTMLInputElement).value)).toEqual([
      'Cervecería Tres Cuencas',
      'Agua Clara A.C.',
      'Fundación Lluvia Viva',
    ]);
    // «Subir» and «Bajar» stay, and follow the new order
    expect(screen.getByRole('button', { name: 'Bajar el aliado 3' })).toBeDisabled();
    network.reply(saved);
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect((network.sent[0]!.json as { items: EditableAlly[] }).items.map((item) => item.id)).toEqual([
      'tres-cuencas',
      'agua-clara',
      'lluvia-viva',
      'red-universitaria',
    ]);
  });

  it('does not send an ally without a name or with an address that is not https: the messages go on their fields', async () => {
    const user = userEvent.setup();
    renderPage();
    const first = section('Aliados').getByRole('group', { name: /Aliado 1/ });
    await user.clear(within(first).getByRole('textbox', { name: 'Nombre' }));
    const link = within(first).getByRole('textbox', { name: /Enlace a su sitio/ });
    await user.clear(link);
    await user.type(link, 'http://sin-cifrar.example');
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(within(first).getByText('Escribe el nombre de la organización.')).toBeVisible();
    expect(within(first).getByText('El enlace debe ser una dirección https completa, como https://empresa.mx.')).toBeVisible();
    expect(network.sent).toEqual([]);
  });

  it('from «Convertir en aliado», starts a new ally with the lead’s company and names the lead when saving', async () => {
    const user = userEvent.setup();
    renderPage({ ...props, fromLead: lead });
    const added = section('Aliados').getByRole('group', { name: /Aliado 1: Riego Justo S\.C\./ });
    expect(within(added).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Riego Justo S.C.');
    expect(screen.getByText(/Marta Gil <marta@riegojusto\.example>/)).toBeVisible();
    // a logo is needed before it can be saved
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(within(added).getByText('Sube el logotipo de la organización.')).toBeVisible();
    expect(network.sent).toEqual([]);
  });
});
