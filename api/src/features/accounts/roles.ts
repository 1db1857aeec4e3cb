import type { Context, MiddlewareHandler } from 'hono';
import { eq, inArray, sql } from 'drizzle-orm';
import { inertiaHeaders, secondFactorMessages, teamRoles, type TeamRole } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import type { Db, Tx } from '../../db/database';
import { roleBootstrap, teamLog, teamMembers, userRoles, users } from './schema';
import type { Env } from '../../env';
import type { Logger } from '../../logging/logger';
import { sentWithoutScript } from '../../pages/native-forms';
import type { AppEnv } from '../../types';

/**
 * The one place that says what an account may do on the campaign team (issue #45, decision 051). The session look-up
 * reads the account's roles with the session row on every request (`c.var.authUser.roles`), so a role taken away in
 * «Equipo» counts on the next request on every instance; `hasRole` and `requireRole` read only that.
 *
 * The second factor (decision 055) is asked for here too: `hasRole` is true only when the session proved one, and
 * `teamGate` sends a person with a role whose session did not to «Seguridad de la cuenta» first. Every check that goes
 * through them asks for it with no change of its own.
 */

export function isTeamRole(value: string): value is TeamRole {
  return (teamRoles as readonly string[]).includes(value);
}

/** Whether the account of this request holds `role`, and this session proved its second factor. */
export function hasRole(c: Context<AppEnv>, role: TeamRole): boolean {
  const user = c.get('authUser');
  return user?.roles.includes(role) === true && user.secondFactor;
}

/** What a signed-in account without the role reads (a page's or an action's 403). */
const roleRefusals: Record<TeamRole, string> = {
  bandeja: 'Tu cuenta no tiene acceso a la bandeja del equipo de campaña.',
  operador: 'Tu cuenta no puede administrar las versiones del sitio.',
  editor: 'Tu cuenta no puede editar ni publicar historias.',
  administrador: 'Solo quien administra el equipo puede ver y cambiar sus roles.',
};

const signInMessage = 'Inicia sesión con una cuenta del equipo de campaña para continuar.';

/** Whether the refusal of this request is a page (a navigation, or a form sent without JavaScript) or JSON. */
function answersWithPage(c: Context<AppEnv>): { page: boolean; native: boolean } {
  const native = sentWithoutScript(c);
  // a file (the inbox's CSV export) is no page: its refusal is JSON
  const isFile = /\.[a-z0-9]+$/i.test(c.req.path);
  return { page: ((c.req.method === 'GET' || c.req.method === 'HEAD') && !isFile) || native, native };
}

/** The sign-in address that brings the visitor back to this request's page. */
function signInPathFor(c: Context<AppEnv>, back?: string): string {
  const url = new URL(c.req.url);
  return `${route('auth')}?${new URLSearchParams({ volver: back ?? `${url.pathname}${url.search}` }).toString()}`;
}

/**
 * The answer to an anonymous visitor of a team's page or action: sent to sign in and brought back (a shell's navigation
 * by 409 + X-Inertia-Location), or 401 JSON.
 */
export function askToSignIn(c: Context<AppEnv>): Response {
  const { page, native } = answersWithPage(c);
  if (!page) return c.json({ message: signInMessage }, 401, { 'Cache-Control': 'no-store' });
  // an action's address is no page to come back to: the inbox is
  if (native) return c.redirect(signInPathFor(c, route('panel')), 303);
  const location = signInPathFor(c);
  if (c.req.header(inertiaHeaders.inertia) === 'true')
    return c.body(null, 409, { [inertiaHeaders.location]: location, 'Cache-Control': 'no-store' });
  return c.redirect(location, 302);
}

/** The answer to a signed-in account that may not: 403, a Spanish page for a navigation, JSON for an action. */
async function refuse(c: Context<AppEnv>, message: string): Promise<Response> {
  const seo = c.get('panelSeo');
  if (!answersWithPage(c).page || !seo) return c.json({ message }, 403, { 'Cache-Control': 'no-store' });
  const response = await c.var.page('Panel/SinAcceso', { seo: seo('Sin acceso | Gota a Gota', message) }, { status: 403 });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * The answer to a person with a role whose session has not proved a second factor (none set up yet, decision 055): a
 * page is sent to «Seguridad de la cuenta» (and brought back after), an action gets 403 with the Spanish message.
 */
function askForSecondFactor(c: Context<AppEnv>): Response {
  const { page, native } = answersWithPage(c);
  if (!page) return c.json({ message: secondFactorMessages.required }, 403, { 'Cache-Control': 'no-store' });
  const location = route('panelSeguridad');
  if (native) return c.redirect(location, 303);
  if (c.req.header(inertiaHeaders.inertia) === 'true')
    return c.body(null, 409, { [inertiaHeaders.location]: location, 'Cache-Control': 'no-store' });
  return c.redirect(location, 302);
}

/**
 * The one gate of the team's pages and actions: null lets the request through. `role`: the role it needs, or 'any'
 * (the panel as a whole). An anonymous visitor is asked to sign in; a person with a role and no proved second factor
 * is sent to set one up; an account without the role gets 403 (a Spanish page under /panel, JSON for an action).
 */
export async function teamGate(c: Context<AppEnv>, role: TeamRole | 'any', refusal?: string): Promise<Response | null> {
  const user = c.get('authUser');
  if (!user) return askToSignIn(c);
  const holds = role === 'any' ? user.roles.length > 0 : user.roles.includes(role);
  if (holds && !user.secondFactor) return askForSecondFactor(c);
  if (!holds) return refuse(c, refusal ?? (role === 'any' ? secondFactorMessages.required : roleRefusals[role]));
  return null;
}

/**
 * Lets the request through only for an account holding `role` whose session proved its second factor (`teamGate`);
 * another account gets 403 saying `refusal` (the role's own by default).
 *
 * @example
 * app.get(routerPath('panelHistorias'), requireRole('editor'), handler)
 */
export function requireRole(role: TeamRole, refusal: string = roleRefusals[role]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refused = await teamGate(c, role, refusal);
    if (refused) return refused;
    await next();
  };
}

/** Parses the roles column the session look-up reads (`string_agg`): the known roles, in the panel's order. */
export function parseRoles(value: string | null | undefined): TeamRole[] {
  const held = new Set((value ?? '').split(','));
  return teamRoles.filter((role) => held.has(role));
}

/** The roles of an account, in the panel's order. */
async function rolesOf(db: Db | Tx, userId: string): Promise<TeamRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const held = new Set(rows.map((row) => row.role));
  return teamRoles.filter((role) => held.has(role));
}

/** The emails of the accounts holding `role` (whom the automatic rollback tells, for «operador»). */
export async function holdersOf(db: Db | Tx, role: TeamRole): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, role));
  return rows.map((row) => row.email);
}

/** Raises the version of a person's roles (a stale tab's change is refused after it). */
export async function bumpVersion(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .insert(teamMembers)
    .values({ userId, version: 1 })
    .onConflictDoUpdate({ target: teamMembers.userId, set: { version: sql`${teamMembers.version} + 1` } })
    .returning({ version: teamMembers.version });
  return row?.version ?? 1;
}

/** Who acted on the team, as the log and the grants keep them. */
export interface TeamActor {
  id: string | null;
  name: string;
}

const systemActor: TeamActor = { id: null, name: 'sistema' };

/** Gives `roles` to an account (those it lacks), each logged; returns the roles it did not hold before. */
export async function grantRoles(
  tx: Tx,
  user: { id: string; email: string },
  roles: readonly TeamRole[],
  actor: TeamActor,
  action: 'concedido' | 'arranque' | 'invitacion-aceptada',
): Promise<TeamRole[]> {
  if (roles.length === 0) return [];
  const added = await tx
    .insert(userRoles)
    .values(
      roles.map((role) => ({
        userId: user.id,
        role,
        grantedById: actor.id,
        grantedByName: actor === systemActor ? null : actor.name,
      })),
    )
    .onConflictDoNothing()
    .returning({ role: userRoles.role });
  if (added.length === 0) return [];
  await tx
    .insert(teamLog)
    .values(added.map(({ role }) => ({ actorId: actor.id, actor: actor.name, subject: user.email, action, role })));
  await bumpVersion(tx, user.id);
  return added.map(({ role }) => role).filter(isTeamRole);
}

/**
 * What the environment's lists grant, by email (decision 051): STAFF_EMAILS «bandeja», OPERATOR_EMAILS «operador»,
 * EDITOR_EMAILS «editor», and every listed email «administrador» (the first administrators).
 */
export function bootstrapGrants(env: Pick<Env, 'STAFF_EMAILS' | 'OPERATOR_EMAILS' | 'EDITOR_EMAILS'>): Map<string, TeamRole[]> {
  const grants = new Map<string, Set<TeamRole>>();
  const add = (emails: ReadonlySet<string>, role: TeamRole) => {
    for (const email of emails) {
      const roles = grants.get(email) ?? new Set<TeamRole>(['administrador']);
      roles.add(role);
      grants.set(email, roles);
    }
  };
  add(env.STAFF_EMAILS, 'bandeja');
  add(env.OPERATOR_EMAILS, 'operador');
  add(env.EDITOR_EMAILS, 'editor');
  return new Map([...grants].map(([email, roles]) => [email, teamRoles.filter((role) => roles.has(role))]));
}

/**
 * Applies the environment's grants of one account that were never applied to it (each email and role once, ever:
 * `role_bootstrap`), so a role taken away in «Equipo» does not come back at the next start or sign-in. Returns what it
 * gave now.
 */
async function applyBootstrap(tx: Tx, grants: Map<string, TeamRole[]>, user: { id: string; email: string }): Promise<TeamRole[]> {
  const email = user.email.toLowerCase();
  const roles = grants.get(email);
  if (!roles) return [];
  const fresh = await tx
    .insert(roleBootstrap)
    .values(roles.map((role) => ({ email, role })))
    .onConflictDoNothing()
    .returning({ role: roleBootstrap.role });
  return grantRoles(tx, user, fresh.map(({ role }) => role).filter(isTeamRole), systemActor, 'arranque');
}

/**
 * At every sign-in (sessions.ts): the environment's first roles the account was never given, then its roles, and the
 * time of the sign-in for «Equipo» when it holds any.
 */
export async function teamSignIn(
  tx: Tx,
  grants: Map<string, TeamRole[]>,
  user: { id: string; email: string },
): Promise<TeamRole[]> {
  if (grants.has(user.email.toLowerCase())) await applyBootstrap(tx, grants, user);
  const roles = await rolesOf(tx, user.id);
  if (roles.length > 0) {
    const now = new Date();
    await tx
      .insert(teamMembers)
      .values({ userId: user.id, lastSignInAt: now })
      .onConflictDoUpdate({ target: teamMembers.userId, set: { lastSignInAt: now } });
  }
  return roles;
}

/**
 * At start (server.ts, once the database is migrated): applies the environment's grants to the accounts that exist and
 * logs what it gave and which emails wait for their account. Safe on every instance at once (one row per email and
 * role decides).
 */
export async function bootstrapTeam({
  db,
  env,
  logger,
}: {
  db: Db;
  env: Pick<Env, 'STAFF_EMAILS' | 'OPERATOR_EMAILS' | 'EDITOR_EMAILS'>;
  logger: Logger;
}): Promise<void> {
  const grants = bootstrapGrants(env);
  if (grants.size === 0) return;
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...grants.keys()]));
  for (const account of accounts) {
    const given = await db.transaction((tx) => applyBootstrap(tx, grants, account));
    if (given.length > 0)
      logger.info({ event: 'team_bootstrap', userId: account.id, roles: given }, 'roles iniciales concedidos desde el entorno');
  }
  const known = new Set(accounts.map((account) => account.email));
  const waiting = [...grants.keys()].filter((email) => !known.has(email));
  if (waiting.length > 0)
    logger.info(
      { event: 'team_bootstrap_waiting', accounts: waiting.length },
      'roles iniciales pendientes: se conceden cuando se cree la cuenta',
    );
}

/** Whether any account other than `userId` holds «administrador» (read under a lock of the administrators' rows). */
export async function otherAdministrators(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'administrador'))
    .for('update');
  return rows.filter((row) => row.userId !== userId).length;
}
