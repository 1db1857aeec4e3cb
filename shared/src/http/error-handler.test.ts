import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSiteStore } from '../store/site-store';
import { checkFormMessage, handleError } from './error-handler';
import { HttpError } from './http-client';

const initial = useSiteStore.getState();
beforeEach(() => useSiteStore.setState(initial, true));

const config = { method: 'post', url: '/contacto' } as const;
function failed(status: number, data: unknown = {}): HttpError {
  return new HttpError(String(status), config, { status, data, headers: {} });
}
const alerts = () => useSiteStore.getState().alerts.map(({ type, title, subtitle, list }) => ({ type, title, subtitle, list }));

describe('handleError', () => {
  it('lets a per-status handler win', () => {
    const own = vi.fn();
    const fallback = vi.fn();
    const error = failed(422, { errors: ['x'] });
    handleError(error, { handlers: { 422: own }, defaultHandler: fallback });
    expect(own).toHaveBeenCalledWith(error);
    expect(fallback).not.toHaveBeenCalled();
    expect(alerts()).toEqual([]);
  });

  it('runs the supplied default handler for statuses without their own', () => {
    const own = vi.fn();
    const fallback = vi.fn();
    handleError(failed(500), { handlers: { 422: own }, defaultHandler: fallback });
    expect(fallback).toHaveBeenCalledOnce();
    expect(own).not.toHaveBeenCalled();
    expect(alerts()).toEqual([]);
  });

  it('shows a 422 list as "Errores", one message per line', () => {
    handleError(failed(422, { errors: ['Uno', 'Dos'] }));
    expect(alerts()).toEqual([{ type: 'error', title: 'Errores', subtitle: 'Uno\nDos', list: [] }]);
  });

  it('shows a 422 single string as "Error"', () => {
    handleError(failed(422, { errors: 'Solo uno' }));
    expect(alerts()).toEqual([{ type: 'error', title: 'Error', subtitle: 'Solo uno', list: [] }]);
  });

  it('attaches a 422 field map to the matching fields and lists the rest under "Atención"', () => {
    const setError = vi.fn();
    const form = { hasField: (field: string) => field === 'email', setError };
    handleError(failed(422, { message: 'm', errors: { email: ['Correo electrónico inválido', 'b'], token: ['Caducó'] } }), { form });
    expect(setError).toHaveBeenCalledWith({ email: 'Correo electrónico inválido' });
    expect(alerts()).toEqual([{ type: 'warning', title: 'Atención', subtitle: checkFormMessage, list: ['Caducó'] }]);
  });

  it('shows only the subtitle when every message found its field', () => {
    const form = { hasField: () => true, setError: vi.fn() };
    handleError(failed(422, { errors: { email: ['x'] } }), { form });
    expect(alerts()).toEqual([{ type: 'warning', title: 'Atención', subtitle: 'Comprueba que los datos del formulario sean correctos', list: [] }]);
  });

  it('still attaches field messages when notification is off, and shows nothing', () => {
    const setError = vi.fn();
    handleError(failed(422, { errors: { name: ['Falta'] } }), { notify: false, form: { hasField: () => true, setError } });
    expect(setError).toHaveBeenCalledWith({ name: 'Falta' });
    handleError(failed(500), { notify: false });
    handleError(new Error('offline'), { notify: false });
    expect(alerts()).toEqual([]);
  });

  it('warns on 419', () => {
    handleError(failed(419));
    expect(alerts()).toEqual([
      { type: 'warning', title: 'Error 419, No te reconocemos, por favor recarga la página.', subtitle: '', list: [] },
    ]);
  });

  it('shows any other status with its message, or the default message', () => {
    handleError(failed(429, { message: 'Demasiados intentos, espera un minuto' }));
    handleError(failed(500, {}));
    expect(alerts().map((alert) => alert.title)).toEqual([
      'Error(429): Demasiados intentos, espera un minuto',
      'Error(500): Esto no debía de haber pasado, intenta más tarde',
    ]);
  });

  it('shows the generic message when there was no answer', () => {
    handleError(new HttpError('Sin respuesta del servidor', config));
    handleError(new Error('boom'));
    expect(alerts()).toEqual([
      { type: 'error', title: 'Error', subtitle: 'Esto no debía de haber pasado, intenta más tarde', list: [] },
      { type: 'error', title: 'Error', subtitle: 'Esto no debía de haber pasado, intenta más tarde', list: [] },
    ]);
  });
});
