import { expect } from 'vitest';
import type { Browser } from './browser';

/**
 * Signs `email` up in `browser` through the registration form (POST /registro), as a visitor does: the answer must be
 * the 201, and the browser is then signed in. `person` is the first and last name the form asks for.
 *
 * @example
 * await signUp(new Browser(app), 'ana@ejemplo.mx', 'una frase larga de prueba')
 */
export async function signUp(
  browser: Browser,
  email: string,
  password: string,
  person: { name: string; lastName: string } = { name: 'Ana', lastName: 'Prueba' },
): Promise<void> {
  const res = await browser.post('/registro', {
    name: person.name,
    last_name: person.lastName,
    email,
    password,
    password_confirmation: password,
  });
  expect(res.status).toBe(201);
}
