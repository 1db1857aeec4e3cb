import { like, or, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { users } from './schema';

/**
 * The base of a username (docs/decisions/002-usernames.md): first word of the name and of the last name, without
 * accents, lower case, joined by a dot — «María José López» → `maria.lopez`. Never contains '@', so the login form
 * can tell a username from an email.
 */
export function usernameBase(name: string, lastName: string): string {
  const words = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      // apostrophes join a name rather than split it: D'Angelo → dangelo
      .replace(/['’`´]/g, '')
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  const base = [words(name)[0], words(lastName)[0]].filter(Boolean).join('.');
  return (base || 'usuario').slice(0, 30);
}

/** The first free username `base`, `base2`, `base3`… (a concurrent registration may still take it: the caller retries). */
export async function freeUsername(tx: Tx, base: string): Promise<string> {
  const rows = await tx
    .select({ username: users.username })
    .from(users)
    .where(or(eq(users.username, base), like(users.username, `${base}%`)));
  const taken = new Set(rows.map((row) => row.username));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  }
}
