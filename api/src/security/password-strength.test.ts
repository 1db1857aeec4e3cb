import { describe, expect, it } from 'vitest';
import { isWeakPassword } from './password-strength';

describe('password strength (#12 row 3)', () => {
  it('refuses common, repeated and sequential passwords', () => {
    for (const password of [
      '12345678',
      'password',
      'aaaaaaaa',
      'qwertyuiop',
      'contraseña',
      'Password1',
      'abcd1234',
      'mexico2025',
    ]) {
      expect(isWeakPassword(password), password).toBe(true);
    }
  });

  it('refuses a password made of the person’s own name or address', () => {
    expect(isWeakPassword('marialopez1', ['María López', 'maria.lopez@ejemplo.mx'])).toBe(true);
    expect(isWeakPassword('marialopez1')).toBe(false);
  });

  it('accepts phrases and the passwords the journeys use', () => {
    for (const password of [
      'agua limpia para todos',
      'una clave larga 1',
      'la clave de antes',
      'contraseña original 1',
      'río cántaro tormenta verde',
      'la clave de ahora',
    ]) {
      expect(isWeakPassword(password), password).toBe(false);
    }
  });
});
