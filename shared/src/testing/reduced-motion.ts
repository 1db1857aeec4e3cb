import { vi } from 'vitest';

/**
 * A visitor who asked the system for less motion: jsdom has no `matchMedia`, so this stubs one whose reduced-motion
 * query matches (and nothing else does). Undo it with `vi.unstubAllGlobals()`.
 */
export function askForLessMotion(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
