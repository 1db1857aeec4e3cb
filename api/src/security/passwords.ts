import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (m=19 MiB, t=2, p=1): OWASP's minimum recommendation, ~30 ms here.
const options = { algorithm: 2 /* Argon2id; the enum is a const enum, unusable with isolatedModules */ } as const;

/** An argon2id PHC string of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the account does not exist, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `stored`; with no stored hash it still spends the time of a verification and answers false.
 *
 * @example
 * const ok = await verifyPassword(user?.passwordHash, body.password)
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('contraseña-de-relleno-para-igualar-tiempos');
  try {
    const ok = await verify(stored ?? (await dummyHash), password);
    return stored !== undefined && ok;
  } catch {
    return false;
  }
}
