import { describe, expect, it } from 'vitest';
import { firstMessages, readFailure } from './failure';
import { failedRequest } from '../testing/fake-http';

const failed = (status: number, data: unknown = {}, headers: Record<string, string> = {}) =>
  failedRequest({ status, data, headers });

describe('readFailure', () => {
  it('reads no answer, and anything that is not a request error, as no answer', () => {
    expect(readFailure(failedRequest())).toEqual({ kind: 'no-answer' });
    expect(readFailure(new Error('boom'))).toEqual({ kind: 'no-answer' });
    expect(readFailure(undefined)).toEqual({ kind: 'no-answer' });
  });

  it('reads a 422 field map: text messages only, in order, fields without one left out', () => {
    const failure = readFailure(
      failed(422, { message: 'Corta', errors: { password: ['Corta', 7, 'Otra'], email: 'Falta', vacio: [] } }),
    );
    expect(failure).toEqual({
      kind: 'validation',
      status: 422,
      message: 'Corta',
      shape: 'map',
      fields: { password: ['Corta', 'Otra'], email: ['Falta'] },
      loose: [],
    });
  });

  it('reads a 422 list, a single string, a bare body and no errors at all', () => {
    expect(readFailure(failed(422, { errors: ['Uno', 'Dos'] }))).toMatchObject({
      shape: 'list',
      loose: ['Uno', 'Dos'],
      fields: {},
    });
    expect(readFailure(failed(422, { errors: 'Solo uno' }))).toMatchObject({ shape: 'text', loose: ['Solo uno'] });
    expect(readFailure(failed(422, 'Texto plano'))).toMatchObject({ shape: 'text', loose: ['Texto plano'] });
    expect(readFailure(failed(422, { message: 'Algo' }))).toEqual({
      kind: 'validation',
      status: 422,
      message: 'Algo',
      shape: 'none',
      fields: {},
      loose: [],
    });
  });

  it("reads 419, 429 with its Retry-After, and any other status with the server's message", () => {
    expect(readFailure(failed(419, { message: 'x' }))).toEqual({ kind: 'csrf', status: 419, message: 'x' });
    expect(readFailure(failed(429, {}, { 'retry-after': '41.2' }))).toEqual({
      kind: 'throttled',
      status: 429,
      retryAfterSeconds: 42,
    });
    expect(readFailure(failed(429, {}, { 'retry-after': 'pronto' }))).toEqual({ kind: 'throttled', status: 429 });
    expect(readFailure(failed(503, { message: 'Caído' }))).toEqual({ kind: 'status', status: 503, message: 'Caído' });
    expect(readFailure(failed(500, '<html>proxy</html>'))).toEqual({ kind: 'status', status: 500 });
  });
});

describe('firstMessages', () => {
  it('keeps the first message of each field', () => {
    expect(firstMessages({ email: ['a', 'b'], name: [], password: ['c'] })).toEqual({ email: 'a', password: 'c' });
  });
});
