import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateAt } from '../../testing';
import { renderToString } from 'react-dom/server';
import { prefersReducedMotion, reducedMotionQuery, useReducedMotion } from './reduced-motion';

/** A matchMedia whose reduced-motion answer the test sets, and can change later. */
function fakeMotionSetting(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return matches;
    },
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
  };
  const matchMedia = vi.fn((text: string) => {
    expect(text).toBe(reducedMotionQuery);
    return query;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    change(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

afterEach(() => vi.unstubAllGlobals());

function Motion() {
  return <p>{useReducedMotion() ? 'quieto' : 'animado'}</p>;
}

describe('reduced motion', () => {
  it('reads the setting now, and is false without matchMedia', () => {
    fakeMotionSetting(true);
    expect(prefersReducedMotion()).toBe(true);
    vi.stubGlobal('matchMedia', undefined);
    expect(prefersReducedMotion()).toBe(false);
  });

  it('follows a change of the setting while mounted, and stops listening when unmounted', () => {
    const setting = fakeMotionSetting(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => setting.change(true));
    expect(result.current).toBe(true);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('renders as motion on the server and hydrates without a mismatch, then takes the visitor setting', async () => {
    fakeMotionSetting(true);
    const html = renderToString(<Motion />);
    expect(html).toContain('animado');
    const hydrated = await hydrateAt(1280, <Motion />, html);
    expect(hydrated.errors).toEqual([]);
    expect(hydrated.container.textContent).toBe('quieto');
    hydrated.unmount();
  });
});
