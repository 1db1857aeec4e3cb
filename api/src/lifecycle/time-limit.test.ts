import { describe, expect, it } from 'vitest';
import { settle, withTimeout } from './time-limit';

const never = new Promise<never>(() => {});

describe('settle', () => {
  it('tells a value, an error, or that the time ran out', async () => {
    expect(await settle(Promise.resolve(7), 1000)).toEqual({ value: 7 });
    const error = new Error('falló');
    expect(await settle(Promise.reject(error), 1000)).toEqual({ error });
    expect(await settle(never, 5)).toEqual({ timedOut: true });
  });
});

describe('withTimeout', () => {
  it('gives the value, rethrows the promise’s own error, and throws the late error when the time runs out', async () => {
    await expect(withTimeout(Promise.resolve('a tiempo'), 1000, () => new Error('tarde'))).resolves.toBe('a tiempo');
    await expect(withTimeout(Promise.reject(new Error('propio')), 1000, () => new Error('tarde'))).rejects.toThrow('propio');
    await expect(withTimeout(never, 5, () => new Error('tarde'))).rejects.toThrow('tarde');
  });
});
