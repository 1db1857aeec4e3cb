import { useSiteStore } from '@gota/shared/store';
import { freshClientEachTest } from '@gota/shared/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyDialog } from './company-dialog';

const titles = () => useSiteStore.getState().alerts.map((alert) => alert.title);

function openDialog() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<CompanyDialog />);
  act(() => useSiteStore.getState().setEmpresaForm(true));
  return { user, dialog: screen.getByRole('dialog', { name: 'Súmate como empresa' }) };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Empresa' | 'Nombre' | 'Correo' | 'Mensaje', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    // pasted: typing a thousand characters one by one would only slow the test
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  }
}

describe('CompanyDialog', () => {
  const network = freshClientEachTest();
  beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => void vi.useRealTimers());

  it('shows the four messages of product §5 on an empty form and sends nothing', async () => {
    network.reply({ status: 201 });
    const { user, dialog } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // the rules load with the dialog: the messages appear once they have run
    for (const message of [
      'La empresa es obligatoria',
      'El nombre es obligatorio',
      'El correo es obligatorio',
      'El mensaje es obligatorio',
    ]) {
      expect((await within(dialog).findAllByText(message)).length).toBeGreaterThan(0);
    }
    expect(screen.getByLabelText('Empresa').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Empresa').getAttribute('aria-describedby')).toBe('empresa-empresa-error');
    expect(network.sent).toHaveLength(0);
  });

  it('checks the email format and the 255 / 1000 limits', async () => {
    network.reply({ status: 201 });
    const { user, dialog } = openDialog();
    await fill(user, { Empresa: 'x'.repeat(256), Nombre: 'Ana', Correo: 'ana-sin-arroba', Mensaje: 'y'.repeat(1001) });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect((await within(dialog).findAllByText('Correo electrónico inválido')).length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Máximo 255 caracteres').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Máximo 1000 caracteres').length).toBeGreaterThan(0);
    expect(network.sent).toHaveLength(0);
  });

  it('sends, thanks for 2.5 s, resets, then locks for 60 s with a countdown', async () => {
    network.reply({ status: 201, data: { message: 'Mensaje enviado con éxito.' } });
    const { user, dialog } = openDialog();
    await fill(user, { Empresa: 'Agua Clara', Nombre: 'Ana', Correo: 'ana@agua.mx', Mensaje: 'Queremos sumarnos.' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(network.sent[0]?.json).toEqual({
      empresa: 'Agua Clara',
      name: 'Ana',
      email: 'ana@agua.mx',
      mensaje: 'Queremos sumarnos.',
      sitio_web: '',
    });
    const success = useSiteStore.getState().alerts[0];
    expect(success).toMatchObject({ type: 'success', title: 'Mensaje enviado con éxito.', time: 2500 });
    expect((screen.getByLabelText('Empresa') as HTMLInputElement).value).toBe('');

    const enviar = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(screen.getByLabelText('Empresa')).toHaveProperty('disabled', true);
    expect(enviar.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByText('Debes esperar 60 segundos para volver a enviar el formulario.')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(dialog).getByText('Debes esperar 59 segundos para volver a enviar el formulario.')).toBeVisible();

    // a click during the lock only says how long to wait
    await user.click(enviar);
    expect(network.sent).toHaveLength(1);
    expect(titles()).toContain('Debes esperar 59 segundos para volver a enviar el formulario.');

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByLabelText('Empresa')).toHaveProperty('disabled', false);
    expect(enviar.getAttribute('aria-disabled')).toBeNull();
    expect(within(dialog).queryByText(/Debes esperar/)).toBeNull();
  });

  it("locks for the server's Retry-After on a 429", async () => {
    network.reply({
      status: 429,
      data: { message: 'Debes esperar 42 segundos para volver a enviar el formulario.' },
      headers: { 'retry-after': '42' },
    });
    const { user, dialog } = openDialog();
    await fill(user, { Empresa: 'Agua Clara', Nombre: 'Ana', Correo: 'ana@agua.mx', Mensaje: 'Hola' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByText('Debes esperar 42 segundos para volver a enviar el formulario.')).toBeVisible();
    expect(screen.getByLabelText('Mensaje')).toHaveProperty('disabled', true);
  });

  it('puts server field messages on the fields', async () => {
    network.reply({ status: 422, data: { message: 'x', errors: { email: ['Correo electrónico inválido'] } } });
    const { user, dialog } = openDialog();
    await fill(user, { Empresa: 'Agua Clara', Nombre: 'Ana', Correo: 'ana@agua.mx', Mensaje: 'Hola' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(screen.getByLabelText('Correo').getAttribute('aria-invalid')).toBe('true');
    expect(titles()).toContain('Atención');
  });

  it('opens the privacy notice from the consent note', async () => {
    const { user, dialog } = openDialog();
    expect(within(dialog).getByText(/Al registrarte aceptas nuestras condiciones y/).textContent).toBe(
      'Al registrarte aceptas nuestras condiciones y políticas de privacidad',
    );
    await user.click(within(dialog).getByRole('button', { name: 'políticas de privacidad' }));
    expect(useSiteStore.getState().privacyDialog).toBe(true);
  });
});
