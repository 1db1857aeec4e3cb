import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import {
  passwordResetTokens,
  recoveryCodes,
  roleBootstrap,
  sessions,
  teamInvitations,
  teamLog,
  teamMembers,
  userPasskeys,
  userRoles,
  userTotp,
  users,
} from '../features/accounts/schema';
import { leadCounts, leadEvents, leads } from '../features/inbox/schema';
import { searchDocuments, searchGenerations, searchTerms } from '../features/search/schema';
import { mediaImages, mediaVariants } from '../features/media/schema';
import { contentLog, contentState, stories, storyRedirects, storyRevisions, storyShareCards } from '../features/stories/schema';
import { contentPreviews, contentSetRevisions, contentSets, kitArchives, kitBlobs } from '../features/content/schema';
import { releaseLog, releaseSignals, remoteReleases } from '../features/releases/schema';

export * from '../features/accounts/schema';
export * from '../features/inbox/schema';
export * from '../features/search/schema';
export * from '../features/media/schema';
export * from '../features/stories/schema';
export * from '../features/content/schema';
export * from '../features/releases/schema';

// One pg-core schema for PGlite and PostgreSQL 15 (architecture §4). `drizzle-kit generate` turns it into migrations.
// Each feature keeps its tables in api/src/features/<feature>/schema.ts (decision 070); this file gathers them, with
// the tables of the infrastructure and of the parts not yet moved, for drizzle-kit and the relational queries.

export const mailStatuses = ['pendiente', 'enviado', 'fallido'] as const;
export type MailStatus = (typeof mailStatuses)[number];
/**
 * Contact notification, welcome, reset link, the notice that the password changed, the operators' notice of an automatic
 * rollback, and an invitation to the campaign team (decision 051).
 */
export const mailKinds = [
  'contacto',
  'bienvenida',
  'recuperacion',
  'aviso-contrasena',
  'version-revertida',
  'invitacion',
] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * Every mail the site sends (issue #13 row 6): written in the transaction of what caused it, delivered and retried by
 * the outbox sender. A lead's notification goes with the lead when it is deleted.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 32 }).$type<MailKind>().notNull(),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<MailStatus>().notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the instance that claimed the row; another instance takes it over only after this time. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_lead_id_idx').on(table.leadId),
  ],
);

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
export const schema = {
  users,
  sessions,
  passwordResetTokens,
  leads,
  leadCounts,
  leadEvents,
  mailOutbox,
  throttleCounters,
  idempotencyKeys,
  remoteReleases,
  releaseLog,
  releaseSignals,
  searchGenerations,
  searchDocuments,
  searchTerms,
  stories,
  storyRevisions,
  storyRedirects,
  contentLog,
  contentState,
  mediaImages,
  mediaVariants,
  userRoles,
  teamMembers,
  roleBootstrap,
  teamInvitations,
  teamLog,
  contentSets,
  contentSetRevisions,
  storyShareCards,
  userTotp,
  userPasskeys,
  recoveryCodes,
  kitBlobs,
  kitArchives,
  contentPreviews,
};

/** Used by `ping()`: the cheapest statement that proves a working connection. */
export const selectOne = sql`select 1`;
