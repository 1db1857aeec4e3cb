import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { axeOptions, freshClientEachTest, inRouter, pageProps } from '@gota/shared/testing';
import { savedSet } from '../../features/content-panel/saved-set';
import { ContadoresPage } from './contadores-page';

const shared = pageProps('/panel/contadores', { firstName: 'Ana', staff: true });
const props = savedSet(
  'contadores',
  [
    { valor: 15, prefijo: '+', sufijo: '', etiqueta: 'empresas aliadas' },
    { valor: 1_600_000, prefijo: '', sufijo: '', etiqueta: 'litros de agua ahorrados cada día' },
  ],
  3,
);
const { set } = props;

const network = freshClientEachTest();

const renderPage = () => render(inRouter(<ContadoresPage {...shared} {...props} />, '/panel/contadores'));
const row = (n: number) => screen.getByRole('group', { name: new RegExp(`^Contador ${n}`) });

describe('Panel/Contadores', () => {
  it('shows each counter as the home page will, the last change (Mexico City time) and no axe violations', async () => {
    const { container } = renderPage();
    expect(row(1)).toHaveAccessibleName(/se ve como «\+15 empresas aliadas»/);
    expect(row(2)).toHaveAccessibleName(/1\.6 M litros/);
    expect(screen.getByText(/Última actualización:/)).toHaveTextContent('28/11/2026 10:42, por equipo@gotaagota.mx.');
    expect(screen.getByRole('button', { name: 'Restaurar la revisión 2 de los contadores' })).toBeInTheDocument();
    expect((await axe.run(container, axeOptions)).violations).toEqual([]);
  });

  it('does not send a negative figure or an empty label: the messages go on their fields', async () => {
    const user = userEvent.setup();
    renderPage();
    const figure = within(row(1)).getByRole('textbox', { name: 'Cifra' });
    await user.clear(figure);
    await user.type(figure, '-4');
    await user.clear(within(row(2)).getByRole('textbox', { name: 'Etiqueta' }));
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(within(row(1)).getByText('La cifra no puede ser negativa.')).toBeInTheDocument();
    expect(within(row(2)).getByText('La etiqueta es obligatoria.')).toBeInTheDocument();
    expect(network.sent).toEqual([]);
  });

  it('moves a counter with «Bajar», keeps the focus on its buttons, says where it went, and saves the new order', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Bajar el contador 1' }));
    expect(screen.getByText('Contador 1 movido a la posición 2 de 2.')).toBeVisible();
    expect(row(2)).toHaveAccessibleName(/empresas aliadas/);
    expect(document.activeElement).toHaveTextContent('Subir');
    network.reply({
      status: 200,
      data: {
        set: { ...set, items: [set.items[1], set.items[0]], version: 4 },
        message: 'Contadores publicados: ya los ven los visitantes.',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    expect(network.sent[0]).toMatchObject({
      method: 'PUT',
      url: '/api/contadores',
      json: { items: [set.items[1], set.items[0]], version: 3 },
    });
  });

  it('on a 409, compares their version with mine in the conflict dialog, and saves mine on top of theirs', async () => {
    const user = userEvent.setup();
    renderPage();
    const theirs = { ...set, items: [{ ...set.items[0]!, valor: 16 }], version: 5, updatedBy: 'otra@gotaagota.mx' };
    network.reply({
      status: 409,
      data: { message: 'Otra persona guardó los contadores mientras los editabas.', current: theirs },
    });
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Otra persona guardó los contadores' }));
    expect(dialog.getByText(/Otra persona guardó los contadores mientras los editabas\./)).toBeVisible();
    expect(dialog.getByText('Cambian: Contador 1, Contador 2.')).toBeVisible();
    const other = within(dialog.getByRole('region', { name: /^La suya \(otra@gotaagota\.mx, / }));
    expect(other.getByText('+16 empresas aliadas')).toBeVisible();
    expect(other.queryByText(/litros/)).toBeNull();
    const mine = within(dialog.getByRole('region', { name: 'Tu versión' }));
    expect(mine.getByText('+15 empresas aliadas')).toBeVisible();
    expect(mine.getByText('1600000 litros de agua ahorrados cada día')).toBeVisible();
    network.reply({
      status: 200,
      data: { set: { ...set, version: 6 }, message: 'Contadores publicados: ya los ven los visitantes.' },
    });
    await user.click(dialog.getByRole('button', { name: 'Guardar la mía encima' }));
    expect(network.sent[1]).toMatchObject({ json: { items: set.items, version: 5 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a 409, «Usar la suya» puts their counters on screen and sends nothing more', async () => {
    const user = userEvent.setup();
    renderPage();
    const theirs = { ...set, items: [{ ...set.items[0]!, valor: 16 }], version: 5, updatedBy: 'otra@gotaagota.mx' };
    network.reply({ status: 409, data: { message: 'Otra persona guardó los contadores.', current: theirs } });
    await user.click(screen.getByRole('button', { name: 'Guardar y publicar' }));
    const dialog = await screen.findByRole('dialog');
    // the dialog holds the focus (a Radix dialog), so the keyboard reaches the two choices
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Usar la suya' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('group', { name: /^Contador/ })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /^Cifra/ })).toHaveValue('16');
    expect(network.sent).toHaveLength(1);
  });
});
