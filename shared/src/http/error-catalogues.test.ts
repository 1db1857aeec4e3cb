import { describe, expect, it } from 'vitest';
import { authLines, siteAlert, unfieldedMessages } from './error-catalogues';
import { readFailure } from './failure';
import { failedRequest } from '../testing/fake-http';

const failed = (status: number, data: unknown = {}) => readFailure(failedRequest({ status, data }));
const noAnswer = readFailure(failedRequest());

describe("the account pages' catalogue (authLines)", () => {
  it('says "Error inesperado" when there was no answer', () => {
    expect(authLines(noAnswer)).toEqual(['Error inesperado, intenta más tarde']);
    expect(authLines(readFailure(new Error('x')))).toEqual(['Error inesperado, intenta más tarde']);
  });

  it('lists every message of a 422 once, one per line, or its message when it has none', () => {
    const failure = failed(422, {
      message: 'a',
      errors: { email: ['Correo electrónico inválido'], password: ['Corta', 'Otra'], username: ['Corta'] },
    });
    expect(authLines(failure)).toEqual(['Correo electrónico inválido', 'Corta', 'Otra']);
    expect(authLines(failed(422, { message: 'Revisa' }))).toEqual(['Revisa']);
    expect(authLines(failed(422, {}))).toEqual(['Error inesperado, intenta más tarde']);
  });

  it('asks to wait a minute on 429 and to reload the page on 419, in Spanish', () => {
    expect(authLines(failed(429, { message: 'x' }))).toEqual(['Demasiados intentos, espera un minuto']);
    expect(authLines(failed(419, { message: 'x' }))).toEqual(['Error 419, No te reconocemos, por favor recarga la página.']);
  });

  it("names the status and the server's Spanish message otherwise, never an English reason phrase", () => {
    expect(authLines(failed(503, { message: 'Esto no debía de haber pasado, intenta más tarde' }))).toEqual([
      'Error: 503, Esto no debía de haber pasado, intenta más tarde',
    ]);
    expect(authLines(failed(500, '<html>proxy</html>'))).toEqual([
      'Error: 500, Esto no debía de haber pasado, intenta más tarde',
    ]);
  });
});

describe('the shared catalogue (siteAlert)', () => {
  it('shows a 422 list as "Errores", a single message as "Error", and a field map as "Atención" with what found no field', () => {
    expect(siteAlert(failed(422, { errors: ['Uno', 'Dos'] }))).toEqual({ type: 'error', title: 'Errores', subtitle: 'Uno\nDos' });
    expect(siteAlert(failed(422, { errors: 'Solo uno' }))).toEqual({ type: 'error', title: 'Error', subtitle: 'Solo uno' });
    expect(siteAlert(failed(422, { message: 'Falta algo' }))).toEqual({ type: 'error', title: 'Error', subtitle: 'Falta algo' });
    expect(siteAlert(failed(422, { errors: { email: ['x'], token: ['Caducó'] } }), (field) => field === 'email')).toEqual({
      type: 'warning',
      title: 'Atención',
      subtitle: 'Comprueba que los datos del formulario sean correctos',
      list: ['Caducó'],
      closable: true,
    });
  });

  it('warns on 419, names any other status, and gives the generic message without an answer', () => {
    expect(siteAlert(failed(419))).toEqual({
      type: 'warning',
      title: 'Error 419, No te reconocemos, por favor recarga la página.',
    });
    expect(siteAlert(failed(429, { message: 'Espera' }))).toEqual({ type: 'error', title: 'Error(429): Espera' });
    expect(siteAlert(failed(500))).toEqual({
      type: 'error',
      title: 'Error(500): Esto no debía de haber pasado, intenta más tarde',
    });
    expect(siteAlert(noAnswer)).toEqual({
      type: 'error',
      title: 'Error',
      subtitle: 'Esto no debía de haber pasado, intenta más tarde',
    });
  });
});

describe('unfieldedMessages', () => {
  it('keeps the 422 messages of fields the form does not show, and those without a field', () => {
    const failure = failed(422, { errors: { token: ['Enlace caducado'], password: ['Corta'] } });
    expect(unfieldedMessages(failure, (field) => field === 'password')).toEqual(['Enlace caducado']);
    expect(unfieldedMessages(failed(422, { errors: ['Uno'] }))).toEqual(['Uno']);
    expect(unfieldedMessages(failed(500))).toEqual([]);
  });
});
