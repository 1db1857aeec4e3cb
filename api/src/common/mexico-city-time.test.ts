import { describe, expect, it } from 'vitest';
import { mexicoCityInstant } from './mexico-city-time';

describe('mexicoCityInstant', () => {
  it('reads a wall-clock time of Mexico City (UTC−6 since 2022)', () => {
    expect(mexicoCityInstant('2026-12-07T09:00').toISOString()).toBe('2026-12-07T15:00:00.000Z');
    expect(mexicoCityInstant('2026-07-01T23:30').toISOString()).toBe('2026-07-02T05:30:00.000Z');
  });

  it('knows the summer time the zone had before 2023', () => {
    expect(mexicoCityInstant('2021-07-01T09:00').toISOString()).toBe('2021-07-01T14:00:00.000Z');
  });
});
