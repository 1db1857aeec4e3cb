import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdTyping, releaseTyping } from './held-typing';

/** Presses `key` on the page; returns whether something prevented its default (the key was held). */
function press(key: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('held typing', () => {
  afterEach(() => {
    releaseTyping();
    vi.useRealTimers();
  });

  it('holds letters and Backspace until released, and leaves shortcuts and other keys alone', () => {
    holdTyping();
    expect(['p', 'e', 'r', 'x'].map((key) => press(key))).toEqual([true, true, true, true]);
    expect(press('Backspace')).toBe(true);
    expect(press('c', { ctrlKey: true })).toBe(false);
    expect(press('Tab')).toBe(false);
    expect(releaseTyping()).toBe('per');
    // released: keys reach the page again
    expect(press('o')).toBe(false);
    expect(releaseTyping()).toBe('');
  });

  it('starts afresh on each opening, and gives up after 10 s when no field ever takes the keys', () => {
    vi.useFakeTimers();
    holdTyping();
    press('a');
    holdTyping();
    press('b');
    vi.advanceTimersByTime(10_000);
    expect(press('c')).toBe(false);
    expect(releaseTyping()).toBe('');
  });
});
