import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogRatio, useDialogRatio } from './use-dialog-ratio';

function resizeTo(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => vi.useRealTimers());

describe('dialog ratio', () => {
  it('changes at 700, 1000, 1100 and 1300 px', () => {
    expect([375, 699, 700, 999, 1000, 1099, 1100, 1299, 1300, 1920].map(dialogRatio)).toEqual([
      1, 1, 0.92, 0.92, 0.86, 0.86, 0.8, 0.8, 0.75, 0.75,
    ]);
  });

  it('is recomputed 100 ms after the last resize plus 100 ms', () => {
    vi.useFakeTimers();
    resizeTo(1280);
    const { result } = renderHook(() => useDialogRatio());
    expect(result.current).toBe(0.8);
    act(() => {
      resizeTo(900);
      vi.advanceTimersByTime(50);
      resizeTo(650);
      vi.advanceTimersByTime(150);
    });
    expect(result.current).toBe(0.8);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(1);
  });
});
