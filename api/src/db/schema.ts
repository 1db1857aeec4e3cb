import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// One pg-core schema for PGlite and PostgreSQL 15 (ARCHITECTURE §4). `drizzle-kit generate` turns it into migrations.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 255 }).notNull(),
  lastName: varchar('last_name', { length: 255 }).notNull(),
  /** Stored trimmed and lower-cased, so uniqueness and sign-in ignore case. */
  email: varchar('email', { length: 255 }).notNull().unique(),
  /** Derived at registration (docs/decisions/002-usernames.md): lower case, never contains '@'. */
  username: varchar('username', { length: 40 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the 256-bit id in the cookie: a leaked table does not give working cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'Recordarme': 30 days instead of 120 idle minutes. */
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  /** One token per account: a new request replaces the previous one. */
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 (hex) of the 32 random bytes sent by email. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const contactRegistrations = pgTable('contact_registrations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 255 }).notNull(),
  lastName: varchar('last_name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }).notNull(),
  createdAt: createdAt(),
});

export const companyMessages = pgTable('company_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  empresa: varchar('empresa', { length: 255 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }).notNull(),
  mensaje: varchar('mensaje', { length: 1000 }).notNull(),
  createdAt: createdAt(),
});

/**
 * Fixed-window attempt counters shared by every API instance. The key names the action and the client or identity
 * (`login:ip:203.0.113.9`); identities are hashed before they get here.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('throttle_counters_reset_at_idx').on(table.resetAt)],
);

/**
 * The first successful answer to each `Idempotency-Key` (issue #15 row 3), shared by every instance for 24 hours. The
 * key column is a SHA-256 of the path and the client's key; the fingerprint, of the body it came with.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    /** The JSON body of the answer, as sent. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('idempotency_keys_created_at_idx').on(table.createdAt)],
);

/** Every table, for the relational query API and for test clean-up. */
export const schema = { users, sessions, passwordResetTokens, contactRegistrations, companyMessages, throttleCounters, idempotencyKeys };

/** Used by `ping()`: the cheapest statement that proves a working connection. */
export const selectOne = sql`select 1`;
