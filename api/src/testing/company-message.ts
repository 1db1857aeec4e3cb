import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/database';
import { leads } from '../db/schema';
import type { Browser } from './browser';

/**
 * Sends the company contact form (POST /contacto-empresa) from `browser`, as a visitor does: the answer must be the 201.
 * Returns the lead it wrote, found by its address (give each test an address of its own).
 *
 * @example
 * const lead = await sendCompanyMessage(new Browser(app), database, { empresa: 'Riego Fértil', name: 'Ana', email, mensaje: 'Hola' })
 */
export async function sendCompanyMessage(
  browser: Browser,
  database: Database,
  message: { empresa: string; name: string; email: string; mensaje: string },
): Promise<typeof leads.$inferSelect> {
  const res = await browser.post('/contacto-empresa', message);
  expect(res.status).toBe(201);
  const [lead] = await database.use().select().from(leads).where(eq(leads.email, message.email));
  expect(lead).toBeDefined();
  return lead!;
}
