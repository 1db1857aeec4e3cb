import { describe, expect, it } from 'vitest';
import { formatMexicoCity, inboxQuery } from './inbox';

describe('inbox contract', () => {
  it('writes instants as DD/MM/YYYY HH:mm in Mexico City time, on the 24-hour clock', () => {
    expect(formatMexicoCity('2026-11-23T18:05:00Z')).toBe('23/11/2026 12:05');
    expect(formatMexicoCity('2026-01-02T05:30:00Z')).toBe('01/01/2026 23:30');
  });

  it('puts only the filters that are set in the address', () => {
    expect(inboxQuery({ q: 'acción', tipo: '', estado: 'nuevo' })).toBe('?q=acci%C3%B3n&estado=nuevo');
    expect(inboxQuery({}, { despues: 'abc' })).toBe('?despues=abc');
    expect(inboxQuery({ q: '' })).toBe('');
  });
});
