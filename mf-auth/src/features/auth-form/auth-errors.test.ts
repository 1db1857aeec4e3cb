import { HttpError } from '@gota/shared/http';
import { describe, expect, it } from 'vitest';
import { authErrorLines, unassignedLines } from './auth-errors';

const config = { method: 'post', url: '/login' } as const;
function failed(status: number, data: unknown = {}): HttpError {
  return new HttpError(String(status), config, { status, data, headers: {} });
}

describe('auth error catalogue', () => {
  it('says "Error inesperado" when there was no answer', () => {
    expect(authErrorLines(new HttpError('Sin respuesta del servidor', config))).toEqual(['Error inesperado, intenta más tarde']);
    expect(authErrorLines(new Error('x'))).toEqual(['Error inesperado, intenta más tarde']);
  });

  it('lists every message of a 422, one per line', () => {
    const error = failed(422, { message: 'a', errors: { email: ['Correo electrónico inválido'], password: ['Corta', 'Otra'] } });
    expect(authErrorLines(error)).toEqual(['Correo electrónico inválido', 'Corta', 'Otra']);
  });

  it('asks to wait a minute on 429', () => {
    expect(authErrorLines(failed(429, { message: 'x' }))).toEqual(['Demasiados intentos, espera un minuto']);
  });

  it('asks to reload the page on 419, in Spanish', () => {
    expect(authErrorLines(failed(419, { message: 'x' }))).toEqual(['Error 419, No te reconocemos, por favor recarga la página.']);
  });

  it('names the status and the server\'s Spanish message otherwise, never an English reason phrase', () => {
    expect(authErrorLines(failed(503, { message: 'Esto no debía de haber pasado, intenta más tarde' }))).toEqual([
      'Error: 503, Esto no debía de haber pasado, intenta más tarde',
    ]);
    expect(authErrorLines(failed(500, '<html>proxy</html>'))).toEqual(['Error: 500, Esto no debía de haber pasado, intenta más tarde']);
  });

  it('keeps for the summary only the 422 messages without a field', () => {
    const error = failed(422, { errors: { token: ['Enlace caducado'], password: ['Corta'] } });
    expect(unassignedLines(error, ['password', 'password_confirmation'])).toEqual(['Enlace caducado']);
    expect(unassignedLines(failed(429), ['password'])).toEqual(['Demasiados intentos, espera un minuto']);
  });
});
