import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSiteStore } from '../store/site-store';
import { checkFormMessage } from '../contracts/form-errors';
import { resetStore } from '../testing/store';
import { handleError } from './error-handler';
import { failedRequest } from '../testing/fake-http';

beforeEach(resetStore);

const failed = (status: number, data: unknown = {}) => failedRequest({ status, data });
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

  it('lists under "Atención" the messages of a 422 field map that no field of the form shows', () => {
    const form = { hasField: (field: string) => field === 'email' };
    const handled = handleError(
      failed(422, { message: 'm', errors: { email: ['Correo electrónico inválido', 'b'], token: ['Caducó'] } }),
      { form },
    );
    expect(alerts()).toEqual([{ type: 'warning', title: 'Atención', subtitle: checkFormMessage, list: ['Caducó'] }]);
    expect(handled.unassigned).toEqual(['Caducó']);
  });

  it('shows only the subtitle when every message found its field', () => {
    const form = { hasField: () => true };
    handleError(failed(422, { errors: { email: ['x'] } }), { form });
    expect(alerts()).toEqual([
      { type: 'warning', title: 'Atención', subtitle: 'Comprueba que los datos del formulario sean correctos', list: [] },
    ]);
  });

  it('shows nothing when notification is off, and still says what no field shows', () => {
    expect(handleError(failed(422, { errors: { name: ['Falta'] } }), { notify: false }).unassigned).toEqual(['Falta']);
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
    handleError(failedRequest());
    handleError(new Error('boom'));
    expect(alerts()).toEqual([
      { type: 'error', title: 'Error', subtitle: 'Esto no debía de haber pasado, intenta más tarde', list: [] },
      { type: 'error', title: 'Error', subtitle: 'Esto no debía de haber pasado, intenta más tarde', list: [] },
    ]);
  });

  it('words a failure for the account pages when asked, in one closable alert, and gives the summary its lines', () => {
    const form = { hasField: (field: string) => field === 'password' };
    const handled = handleError(failed(422, { errors: { token: ['Enlace caducado'], password: ['Corta'] } }), {
      wording: 'auth',
      form,
    });
    expect(useSiteStore.getState().alerts).toEqual([
      expect.objectContaining({
        id: handled.alertId,
        type: 'error',
        title: 'Error',
        subtitle: 'Enlace caducado\nCorta',
        closable: true,
      }),
    ]);
    expect(handled.unassigned).toEqual(['Enlace caducado']);
    expect(handleError(failed(429), { wording: 'auth', form }).unassigned).toEqual(['Demasiados intentos, espera un minuto']);
  });

  it('says one given line for every failure when a message is given', () => {
    handleError(failed(500), { message: 'No pudimos cerrar tu sesión, intenta más tarde.' });
    handleError(new Error('offline'), { message: 'No pudimos cerrar tu sesión, intenta más tarde.' });
    expect(alerts().map((alert) => alert.subtitle)).toEqual([
      'No pudimos cerrar tu sesión, intenta más tarde.',
      'No pudimos cerrar tu sesión, intenta más tarde.',
    ]);
  });
});
