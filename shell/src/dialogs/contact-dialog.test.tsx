import { useSiteStore } from '@gota/shared/store';
import { fakeHttp, type FakeHttp } from '@gota/shared/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetStore } from '../layout/test-utils';
import { ContactDialog } from './contact-dialog';

function openDialog() {
  const user = userEvent.setup();
  render(<ContactDialog />);
  act(() => useSiteStore.getState().setContactForm(true));
  return { user, dialog: screen.getByRole('dialog', { name: 'Contáctanos' }) };
}

describe('ContactDialog', () => {
  let network: FakeHttp;
  beforeEach(() => {
    resetStore();
    network = fakeHttp();
  });
  afterEach(() => network.restore());

  it('sends name, lastName, email and the empty trap; thanks for 2.5 s and clears the fields', async () => {
    network.reply({ status: 201, data: { message: '¡Registro enviado exitosamente!' } });
    const { user, dialog } = openDialog();
    await user.type(within(dialog).getByLabelText('Nombre'), ' Ana ');
    await user.type(within(dialog).getByLabelText('Apellido'), 'López');
    await user.type(within(dialog).getByLabelText('Correo'), 'ana@agua.mx');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(network.sent[0]).toMatchObject({
      url: '/contacto-empresa',
      json: { name: 'Ana', lastName: 'López', email: 'ana@agua.mx', sitio_web: '' },
    });
    expect(useSiteStore.getState().alerts[0]).toMatchObject({
      type: 'success',
      title: '¡Registro enviado exitosamente!',
      time: 2500,
    });
    expect((within(dialog).getByLabelText('Nombre') as HTMLInputElement).value).toBe('');
  });

  it('sends without client rules and shows the server messages in a summary that takes the focus', async () => {
    network.reply({
      status: 422,
      data: {
        message: 'El nombre es obligatorio',
        errors: { name: ['El nombre es obligatorio'], email: ['El correo es obligatorio'] },
      },
    });
    const { user, dialog } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(network.sent).toHaveLength(1);
    const summary = within(dialog).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: 'El nombre es obligatorio' }));
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nombre'));
    expect(within(dialog).getByLabelText('Correo').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when the server cannot be reached', async () => {
    network.reply({ status: 503, data: { message: 'Esto no debía de haber pasado, intenta más tarde' } });
    const { user, dialog } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(useSiteStore.getState().alerts.map((alert) => alert.title)).toEqual([
      'Error(503): Esto no debía de haber pasado, intenta más tarde',
    ]);
  });

  it('keeps the trap out of reach: hidden from assistive technology and the tab order', () => {
    openDialog();
    const trap = document.querySelector<HTMLInputElement>('input[name="sitio_web"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.autocomplete).toBe('off');
    expect(trap?.closest('[aria-hidden="true"]')).toBeTruthy();
  });
});
