import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
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

export * from '../features/accounts/schema';
export * from '../features/inbox/schema';
export * from '../features/search/schema';
export * from '../features/media/schema';
export * from '../features/stories/schema';
export * from '../features/content/schema';

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

/** The life of a remote's release (issue #31, decision 039): registered and tried (`candidata`, or `rechazada` with its reasons), live (`activa`), replaced (`retirada`). */
export const releaseStates = ['candidata', 'activa', 'retirada', 'rechazada'] as const;
export type ReleaseState = (typeof releaseStates)[number];

/** A server file of a release (absolute URL) with the digest it had when the trial render loaded it. */
export interface ReleaseFile {
  url: string;
  sha256: string;
}

/**
 * Every release of a remote registered with `npm run release -- add` (issue #31, decision 039). A row is immutable but
 * for its state: the manifest is kept as it was read at registration, so the server renders the code it pinned (the
 * server entry and the files the trial render loaded, by digest) whatever the manifest's address holds later. At most
 * one row per remote is `activa` (a partial unique index); a remote with none serves its local build.
 */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    /** Short and typeable: the operator names it in `activate`. */
    id: varchar('id', { length: 16 }).primaryKey(),
    /** The remote's folder name (`mf-stories`), as the command takes it. */
    remote: varchar('remote', { length: 40 }).notNull(),
    manifestUrl: text('manifest_url').notNull(),
    /** The manifest as read at registration (its parsed JSON). */
    manifest: jsonb('manifest').notNull(),
    manifestSha256: varchar('manifest_sha256', { length: 64 }).notNull(),
    browserEntrySha256: varchar('browser_entry_sha256', { length: 64 }).notNull(),
    serverEntrySha256: varchar('server_entry_sha256', { length: 64 }).notNull(),
    /** The server files beside the entry that the trial render loaded (chunks), each with its digest. */
    serverFiles: jsonb('server_files').$type<ReleaseFile[]>().notNull().default([]),
    exposes: jsonb('exposes').$type<string[]>().notNull(),
    shared: jsonb('shared').$type<{ name: string; version: string }[]>().notNull(),
    state: varchar('state', { length: 16 }).$type<ReleaseState>().notNull(),
    /** Why a `rechazada` release was refused (the failed checks of its report). */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** The pre-flight report (src/releases/preflight.ts). */
    report: jsonb('report').notNull(),
    createdBy: varchar('created_by', { length: 255 }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('remote_releases_one_active_idx')
      .on(table.remote)
      .where(sql`"state" = 'activa'`),
    index('remote_releases_remote_created_at_idx').on(table.remote, table.createdAt),
    check('remote_releases_state_check', sql`"state" in ('candidata', 'activa', 'retirada', 'rechazada')`),
  ],
);

/** How an active release changed: by a person, by the automatic rollback (issue #31 item 6), by the REMOTES_FILE import. */
export const releaseActions = ['activacion', 'reversion', 'reversion-automatica', 'importacion'] as const;
export type ReleaseAction = (typeof releaseActions)[number];

/**
 * Every change of a remote's active release, in order (issue #31, decision 039). Append-only: a trigger refuses updates
 * and deletes (migration 0005). `id` orders the changes: the newest one is the active set's sequence number, which the
 * page version carries so an instance can tell that a browser has seen a newer set than its own.
 */
export const releaseLog = pgTable(
  'release_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: varchar('remote', { length: 40 }).notNull(),
    /** The release that was active before, or null for the local build. */
    fromRelease: varchar('from_release', { length: 16 }),
    /** The release active after, or null for the local build. */
    toRelease: varchar('to_release', { length: 16 }),
    action: varchar('action', { length: 24 }).$type<ReleaseAction>().notNull(),
    /** Who acted: a person's name, or the system for the automatic rollback and the import. */
    actor: varchar('actor', { length: 255 }).notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('release_log_remote_id_idx').on(table.remote, table.id),
    check('release_log_action_check', sql`"action" in ('activacion', 'reversion', 'reversion-automatica', 'importacion')`),
  ],
);

/** Where a watched release's failures were seen: a server render on an instance, or a browser that could not load a file. */
export const releaseSignalKinds = ['servidor', 'navegador'] as const;
export type ReleaseSignalKind = (typeof releaseSignalKinds)[number];

/**
 * The failures of a release while it is watched after its activation (issue #31 item 6, decision 045), shared by every
 * instance: one row per watch (the log line that activated the release), kind and source, counted up with an upsert.
 * The source is the instance for a server render, a digest of the address for a browser's report (so the distinct
 * addresses are the rows). Rows of old watches are harmless (a watch is closed by time) and small.
 */
export const releaseSignals = pgTable(
  'release_signals',
  {
    /** The `release_log` line that activated the release: a release activated again is watched afresh. */
    watchId: bigint('watch_id', { mode: 'number' }).notNull(),
    releaseId: varchar('release_id', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ReleaseSignalKind>().notNull(),
    source: varchar('source', { length: 64 }).notNull(),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.watchId, table.kind, table.source] }),
    check('release_signals_kind_check', sql`"kind" in ('servidor', 'navegador')`),
  ],
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
