import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  invitationHours,
  teamMessages,
  teamRoles,
  type EquipoPageProps,
  type InvitationState,
  type SesionesPageProps,
  type TeamRole,
} from '@gota/shared/contracts';
import type { Db, Tx } from '../../db/database';
import { sessions, teamInvitations, teamLog, teamMembers, userRoles, users } from './schema';
import { randomToken, sha256 } from '../../security/tokens';
import { bumpVersion, grantRoles, isTeamRole, otherAdministrators, type TeamActor } from './roles';

/** A change of the team that cannot be made as asked: a Spanish message and its status; nothing changed. */
export class TeamRefusal extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409 | 422,
  ) {
    super(message);
  }
}

/** How many lines of the team's log «Equipo» shows. */
const logLines = 50;

/** Everything «Equipo» shows: the people with a role, the invitations that still work, the newest lines of the log. */
export async function teamOverview(db: Db): Promise<Omit<EquipoPageProps, 'me'>> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      role: userRoles.role,
      since: userRoles.grantedAt,
      by: userRoles.grantedByName,
      version: teamMembers.version,
      lastSignIn: teamMembers.lastSignInAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, userRoles.userId))
    .orderBy(users.name, users.lastName, users.id);
  const members = new Map<string, EquipoPageProps['members'][number]>();
  for (const row of rows) {
    if (!isTeamRole(row.role)) continue;
    const member = members.get(row.userId) ?? {
      userId: row.userId,
      name: `${row.name} ${row.lastName}`.trim(),
      email: row.email,
      roles: [],
      version: row.version ?? 0,
      lastSignIn: row.lastSignIn?.toISOString() ?? null,
    };
    member.roles.push({ role: row.role, since: row.since.toISOString(), by: row.by });
    members.set(row.userId, member);
  }
  for (const member of members.values()) member.roles.sort((a, b) => teamRoles.indexOf(a.role) - teamRoles.indexOf(b.role));
  const invitations = await db
    .select()
    .from(teamInvitations)
    .where(and(isNull(teamInvitations.usedAt), gt(teamInvitations.expiresAt, new Date())))
    .orderBy(desc(teamInvitations.createdAt));
  const log = await db.select().from(teamLog).orderBy(desc(teamLog.id)).limit(logLines);
  return {
    members: [...members.values()],
    invitations: invitations.map((row) => ({
      email: row.email,
      roles: row.roles.filter(isTeamRole),
      by: row.invitedByName,
      expiresAt: row.expiresAt.toISOString(),
    })),
    log: log.map((row) => ({
      at: row.at.toISOString(),
      actor: row.actor,
      subject: row.subject,
      action: row.action,
      role: row.role !== null && isTeamRole(row.role) ? row.role : null,
    })),
  };
}

/**
 * Locks the person's row of `team_members` and checks the version the page showed: a change made meanwhile (another
 * tab, another administrator) wins, and this one is refused with 409.
 */
async function lockMember(tx: Tx, userId: string, version: number): Promise<{ email: string; roles: TeamRole[] }> {
  const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const [member] = await tx
    .select({ version: teamMembers.version })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .for('update');
  const held = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)))
    .map((row) => row.role)
    .filter(isTeamRole);
  if (!person || held.length === 0) throw new TeamRefusal(teamMessages.notMember, 404);
  if ((member?.version ?? 0) !== version) throw new TeamRefusal(teamMessages.conflict, 409);
  return { email: person.email, roles: held };
}

/** Refuses a change that would leave the team without an administrator. */
async function keepAnAdministrator(tx: Tx, userId: string, held: TeamRole[], after: TeamRole[]): Promise<void> {
  if (!held.includes('administrador') || after.includes('administrador')) return;
  if ((await otherAdministrators(tx, userId)) === 0) throw new TeamRefusal(teamMessages.lastAdmin, 422);
}

/** Sets a person's whole set of roles (at least one), logging each role given or taken away; answers the new version. */
export async function changeRoles(
  db: Db,
  { userId, roles, version, actor }: { userId: string; roles: TeamRole[]; version: number; actor: TeamActor },
): Promise<number> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, userId, version);
    await keepAnAdministrator(tx, userId, member.roles, roles);
    const removed = member.roles.filter((role) => !roles.includes(role));
    const added = roles.filter((role) => !member.roles.includes(role));
    if (removed.length === 0 && added.length === 0) return version;
    if (removed.length > 0) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, removed)));
      await tx.insert(teamLog).values(
        removed.map((role) => ({
          actorId: actor.id,
          actor: actor.name,
          subject: member.email,
          action: 'retirado' as const,
          role,
        })),
      );
    }
    // grantRoles raises the version when it gives something; a change that only took roles away raises it here
    if (added.length > 0) await grantRoles(tx, { id: userId, email: member.email }, added, actor, 'concedido');
    else await bumpVersion(tx, userId);
    const [row] = await tx.select({ version: teamMembers.version }).from(teamMembers).where(eq(teamMembers.userId, userId));
    return row?.version ?? version + 1;
  });
}

/**
 * Takes a person off the team: every role, and every session (its rows deleted, so its next request is anonymous on
 * every instance at once). The last administrator cannot go.
 */
export async function removeMember(
  db: Db,
  { userId, version, actor }: { userId: string; version: number; actor: TeamActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, userId, version);
    await keepAnAdministrator(tx, userId, member.roles, []);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await bumpVersion(tx, userId);
    await tx
      .insert(teamLog)
      .values({ actorId: actor.id, actor: actor.name, subject: member.email, action: 'quitado', role: null });
  });
}

/** Creates an invitation for `email` to `roles`, logged; answers the raw token for the mail's link (never stored). */
export async function createInvitation(
  tx: Tx,
  { email, roles, actor }: { email: string; roles: TeamRole[]; actor: TeamActor },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + invitationHours * 3_600_000);
  await tx
    .insert(teamInvitations)
    .values({ tokenHash: sha256(token), email, roles, invitedById: actor.id, invitedByName: actor.name, expiresAt });
  await tx
    .insert(teamLog)
    .values(roles.map((role) => ({ actorId: actor.id, actor: actor.name, subject: email, action: 'invitado' as const, role })));
  return { token, expiresAt };
}

type InvitationRow = typeof teamInvitations.$inferSelect;

/** What an invitation's link is worth now, for the signed-in account (or an anonymous visitor). */
function stateOf(row: InvitationRow | undefined, email: string | undefined): InvitationState {
  if (!row) return 'desconocida';
  if (row.usedAt) return 'usada';
  if (row.expiresAt.getTime() <= Date.now()) return 'caducada';
  if (email !== undefined && email.toLowerCase() !== row.email) return 'otra-cuenta';
  return 'valida';
}

/** Reads an invitation by its link's token. */
export async function readInvitation(
  db: Db,
  token: string,
  email: string | undefined,
): Promise<{ state: InvitationState; row: InvitationRow | undefined }> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, sha256(token)))
    .limit(1);
  return { state: stateOf(row, email), row };
}

/**
 * Uses an invitation for the signed-in account, once: its row is locked while it is checked and marked used, so two
 * tabs cannot both use it. Answers the state (`valida` when the roles were given) and the invitation's roles.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
): Promise<{ state: InvitationState; roles: TeamRole[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, sha256(token)))
      .limit(1)
      .for('update');
    const state = stateOf(row, user.email);
    if (state !== 'valida' || !row) return { state, roles: [] };
    const roles = row.roles.filter(isTeamRole);
    await tx
      .update(teamInvitations)
      .set({ usedAt: sql`now()`, usedById: user.id })
      .where(eq(teamInvitations.id, row.id));
    await grantRoles(tx, user, roles, { id: row.invitedById, name: row.invitedByName }, 'invitacion-aceptada');
    return { state, roles };
  });
}

/** The member's sessions still open, newest first; `current` names the digest of this browser's. */
export async function ownSessions(db: Db, userId: string, current: string): Promise<SesionesPageProps['sessions']> {
  const rows = await db
    .select({ id: sessions.idHash, since: sessions.createdAt, lastSeen: sessions.lastSeenAt, remember: sessions.remember })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.id,
    since: row.since.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    remember: row.remember,
    current: row.id === current,
  }));
}

/** Ends one of the member's own sessions (its row: every instance sees it gone); false when it was not theirs or open. */
export async function closeOwnSession(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.idHash, id)))
    .returning({ id: sessions.idHash });
  return gone.length > 0;
}
