import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateAt, setWindowWidth } from '../../testing';
import { resizeDebounceMs, useWindowWidth } from './window-width';

function resizeTo(width: number): void {
  setWindowWidth(width);
  window.dispatchEvent(new Event('resize'));
}

const columns = (width: number) => (width < 600 ? 1 : 3);

function Columns() {
  const value = useWindowWidth(columns);
  return <p>{value === null ? 'sin medir' : `${value} columnas`}</p>;
}

afterEach(() => vi.useRealTimers());

describe('useWindowWidth', () => {
  it('applies the rule to the width, again 100 ms after the last resize', () => {
    vi.useFakeTimers();
    setWindowWidth(1280);
    const { result } = renderHook(() => useWindowWidth(columns));
    expect(result.current).toBe(3);
    act(() => {
      resizeTo(900);
      vi.advanceTimersByTime(resizeDebounceMs / 2);
      resizeTo(375);
      vi.advanceTimersByTime(resizeDebounceMs - 1);
    });
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
  });

  it('takes its own delay', () => {
    vi.useFakeTimers();
    setWindowWidth(1280);
    const { result } = renderHook(() => useWindowWidth(columns, { debounceMs: 200 }));
    act(() => {
      resizeTo(375);
      vi.advanceTimersByTime(199);
    });
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
  });

  it('is null on the server at any width, hydrates without a mismatch and then measures', async () => {
    setWindowWidth(375);
    const html = renderToString(<Columns />);
    setWindowWidth(1920);
    expect(renderToString(<Columns />)).toBe(html);
    expect(html).toContain('sin medir');
    const hydrated = await hydrateAt(375, <Columns />, html);
    expect(hydrated.errors).toEqual([]);
    expect(hydrated.container.textContent).toBe('1 columnas');
    hydrated.unmount();
  });
});
