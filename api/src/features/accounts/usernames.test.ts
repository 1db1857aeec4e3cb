import { describe, expect, it } from 'vitest';
import { usernameBase } from './usernames';

describe('usernameBase', () => {
  it.each([
    ['María José', 'López García', 'maria.lopez'],
    ['  ÓSCAR ', 'Núñez', 'oscar.nunez'],
    ["D'Angelo", 'O’Brien-Smith', 'dangelo.obrien'],
    ['Zoë', '', 'zoe'],
    ['李', '王', 'usuario'],
    ['Ana@Ruiz', 'x', 'ana.x'],
    ['a'.repeat(40), 'b', 'a'.repeat(30)],
  ])('%s %s → %s', (name, lastName, expected) => {
    const base = usernameBase(name, lastName);
    expect(base).toBe(expected);
    // never an at-sign: the login form tells usernames from emails by it
    expect(base).not.toContain('@');
  });
});
