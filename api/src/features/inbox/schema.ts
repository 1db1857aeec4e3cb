import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/schema';

// The inbox's tables: the leads (messages sent through the contact form), their counts and what the team did to them.

/** The kinds of lead of the inbox (issue #13): a company's message, or a person's contact registration. */
export const leadKinds = ['empresa', 'registro'] as const;
export type LeadKind = (typeof leadKinds)[number];
export const leadStatuses = ['nuevo', 'atendido'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * Everyone who wrote through CONTÁCTANOS (product §3): a company message {empresa, name, email, mensaje} or a contact
 * registration {name, lastName, email}, in one table so the campaign team reads them as one inbox, newest first.
 * Deleting a lead (the right of cancellation) deletes the row; `lead_events` keeps the audit line.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 16 }).$type<LeadKind>().notNull(),
    /** Company messages only. */
    empresa: varchar('empresa', { length: 255 }),
    name: varchar('name', { length: 255 }).notNull(),
    /** Contact registrations only. */
    lastName: varchar('last_name', { length: 255 }),
    email: varchar('email', { length: 255 }).notNull(),
    /** Company messages only. */
    mensaje: varchar('mensaje', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<LeadStatus>().notNull().default('nuevo'),
    /**
     * «Convertir en aliado» (decision 060): the ally this lead became, by its id in the allies' set (`content_sets`,
     * kind `aliados`), and its name when it was saved (the lead's page still reads if the ally is renamed or removed).
     */
    allyId: varchar('ally_id', { length: 80 }),
    allyName: varchar('ally_name', { length: 120 }),
    /** Lower case without accents, of every field a search looks at (`foldFrom` → `foldTo`). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(translate(coalesce("empresa", '') || ' ' || "name" || ' ' || coalesce("last_name", '') || ' ' || "email" || ' ' || coalesce("mensaje", ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))`,
      ),
    createdAt: createdAt(),
  },
  (table) => [
    // the inbox's order and its keyset: newest first, the id breaks ties
    index('leads_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    index('leads_kind_status_created_at_idx').on(table.kind, table.status, table.createdAt.desc()),
    // the inbox's search (`search_text LIKE '%word%'`): trigrams find the few matching rows of a rare word without
    // reading the table (docs/decisions/016-campaign-inbox.md); needs the pg_trgm extension (migration 0004)
    index('leads_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * How many leads there are of each kind and status, kept by triggers on `leads` (migration 0004): the inbox shows the
 * new leads per kind on every page, and counting 100,000 rows each time is too slow (docs/decisions/016-campaign-inbox.md).
 * Never written by the API.
 */
export const leadCounts = pgTable(
  'lead_counts',
  {
    kind: varchar('kind', { length: 16 }).$type<LeadKind>().notNull(),
    status: varchar('status', { length: 16 }).$type<LeadStatus>().notNull(),
    total: integer('total').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.status] })],
);

/**
 * What the campaign team did to a lead: marked it attended, reopened it, turned it into an ally, deleted it. Kept when the lead is deleted (no
 * foreign key), and never holds the lead's personal data: who acted and when.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id').notNull(),
    leadKind: varchar('lead_kind', { length: 16 }).$type<LeadKind>().notNull(),
    action: varchar('action', { length: 16 }).$type<'atendido' | 'reabierto' | 'eliminado' | 'convertido'>().notNull(),
    /** The staff account, while it exists; its name is copied so the history still reads after it is gone. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('lead_events_lead_id_idx').on(table.leadId, table.createdAt)],
);
