import { describe, expect, it } from 'vitest';
import { formatStoryDate } from './post-page';

describe('formatStoryDate', () => {
  it('writes a story’s date day first, as Mexico reads it, whatever the time zone', () => {
    expect(formatStoryDate('2025-10-17')).toBe('17/10/2025');
    expect(formatStoryDate('2026-01-01')).toBe('01/01/2026');
  });
});
