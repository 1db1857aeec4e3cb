import { customType, timestamp, varchar } from 'drizzle-orm/pg-core';

// Column helpers and text rules the features' tables share (each feature's tables are in its schema.ts; db/schema.ts
// gathers them for drizzle-kit and the relational queries).

/** When a row was made: with its time zone, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Who saved a revision (an email) and when, set by the database: the signature of a story's and a content set's saves. */
export const savedByAt = () => ({
  by: varchar('by', { length: 255 }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bytes: PostgreSQL's `bytea` (drizzle has no column for it). node-postgres reads a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Letters a search should not tell apart from their plain form ("accion" finds "Acción"), and those plain forms, in the
 * same order. The search column is built with `translate()` in the database, and the query with the same two strings,
 * so a typed term and a stored text are folded by one rule.
 */
export const foldFrom = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const foldTo = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';
