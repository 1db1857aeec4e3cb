import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

// The accounts' tables: who signs in, their sessions and password resets, their roles on the campaign team and their
// second factor.

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

/** The account a row belongs to (`user_id`): the row goes when the account goes. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the 256-bit id in the cookie: a leaked table does not give working cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: ownerId(),
    /** 'Recordarme': 30 days instead of 120 idle minutes. */
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * When this session proved a second factor (decision 055): null for a password-only session. A password-only
     * session of an account with a factor enrolled is only the second step's; a person with a role needs it set.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** The WebAuthn challenge this session was last given (base64url), cleared when a response is checked. */
    challenge: text('challenge'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId), index('sessions_expires_at_idx').on(table.expiresAt)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  /** One token per account: a new request replaces the previous one. */
  userId: ownerId().primaryKey(),
  /** SHA-256 (hex) of the 32 random bytes sent by email. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------------------------------
// The campaign team (issue #45, decision 051): roles held by accounts, the one-time bootstrap from the environment's
// lists, invitations, and the append-only log of every change.
// ---------------------------------------------------------------------------------------------------------------------

const roleCheck = (table: string, column: string) =>
  check(`${table}_${column}_check`, sql.raw(`"${column}" in ('administrador', 'editor', 'bandeja', 'operador')`));

/**
 * The roles each account holds (`teamRoles` of @gota/shared/contracts), one row per account and role: since when and
 * given by whom (no one: the environment's bootstrap). Read with the session on every request, so a removal counts at
 * once on every instance.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: ownerId(),
    role: varchar('role', { length: 16 }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The administrator who gave it, while the account exists; the name is copied so it still reads after. */
    grantedById: uuid('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
    grantedByName: varchar('granted_by_name', { length: 255 }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    index('user_roles_role_idx').on(table.role),
    roleCheck('user_roles', 'role'),
  ],
);

/**
 * What «Equipo» keeps of each person who held a role: the version of their set of roles, raised by every change of it
 * («Equipo» sends back the version it showed, and a change made meanwhile in another tab wins with a 409 instead of
 * being overwritten), and their last sign-in.
 */
export const teamMembers = pgTable('team_members', {
  userId: ownerId().primaryKey(),
  version: integer('version').notNull().default(0),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

/**
 * Which grants of the environment's lists (STAFF_EMAILS, OPERATOR_EMAILS, EDITOR_EMAILS) were applied, by email and
 * role: each is applied once, when the account exists, so a role taken away in «Equipo» does not come back at the next
 * start.
 */
export const roleBootstrap = pgTable(
  'role_bootstrap',
  {
    email: varchar('email', { length: 255 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.role] }), roleCheck('role_bootstrap', 'role')],
);

/** An invitation to the team: the link's token (its SHA-256), for one email and its roles, 72 hours, used once. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: varchar('email', { length: 255 }).notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    invitedByName: varchar('invited_by_name', { length: 255 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedById: uuid('used_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('team_invitations_email_idx').on(table.email)],
);

export const teamActions = [
  'concedido',
  'retirado',
  'quitado',
  'invitado',
  'invitacion-aceptada',
  'arranque',
  'factor-activado',
  'factor-quitado',
  'factor-restablecido',
] as const;
export type TeamAction = (typeof teamActions)[number];

/**
 * Every change of the team, in order: who acted (a name; `sistema` for the start-up bootstrap), on whom (an email),
 * what and which role. Append-only: a trigger refuses updates and deletes (see the migration), and no foreign key, so
 * removing an account never rewrites a line.
 */
export const teamLog = pgTable(
  'team_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    actor: varchar('actor', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    action: varchar('action', { length: 24 }).$type<TeamAction>().notNull(),
    role: varchar('role', { length: 16 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('team_log_at_idx').on(table.at),
    check(
      'team_log_action_check',
      sql`"action" in ('concedido', 'retirado', 'quitado', 'invitado', 'invitacion-aceptada', 'arranque', 'factor-activado', 'factor-quitado', 'factor-restablecido')`,
    ),
  ],
);

// The second factor of an account (issue #45 item 3, decision 055): an authenticator app, passkeys, recovery codes.
// ---------------------------------------------------------------------------------------------------------------------

/**
 * An account's authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s). `confirmedAt` null: a secret shown on the
 * «Seguridad de la cuenta» page and not yet confirmed with a code, which is no factor. `lastStep` is the newest time
 * step a code was accepted for: a code of that step or an older one is refused, so a code seen over a shoulder is spent.
 */
export const userTotp = pgTable('user_totp', {
  userId: ownerId().primaryKey(),
  /** Base32, as the app reads it (the server must compute the codes, so it keeps the secret itself). */
  secret: text('secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** An account's passkeys (WebAuthn credentials), each named by its owner. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    /** The credential id (base64url), unique across every account. */
    id: text('id').primaryKey(),
    userId: ownerId(),
    name: varchar('name', { length: 60 }).notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('user_passkeys_user_id_idx').on(table.userId)],
);

/** One-time recovery codes: their SHA-256 only, each spent once (`usedAt`). A new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: ownerId(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);
