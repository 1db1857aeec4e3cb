import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { invitationHours, teamRoleLabels, type InvitacionPageProps, type Seo, type TeamRole } from '@gota/shared/contracts';
import { route, routerPath, type RouteName } from '@gota/shared/routes';
import {
  OwnSessionParamsSchema,
  TeamInviteSchema,
  TeamMemberParamsSchema,
  TeamRemoveSchema,
  TeamRolesSchema,
  tokenPattern,
} from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { enqueueMail } from '../../mail/outbox';
import { invitationMail } from '../../mail/templates';
import { jsonBody, validate } from '../../security/validation';
import { isTeamRole, requireRole, type TeamActor } from './roles';
import {
  acceptInvitation,
  changeRoles,
  closeOwnSession,
  createInvitation,
  ownSessions,
  readInvitation,
  removeMember,
  TeamRefusal,
  teamOverview,
} from './team-store';
import { sha256 } from '../../security/tokens';
import { resetSecondFactor } from './second-factor';
import { users } from './schema';
import { eq } from 'drizzle-orm';
import type { AppEnv, PageStatus } from '../../types';

export interface EquipoDeps {
  services: AppServices;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
}

const equipoMessages = {
  title: 'Equipo | Panel | Gota a Gota',
  description: 'Quién forma parte del equipo de campaña, con qué roles, desde cuándo y quién se los dio.',
  invitationTitle: 'Invitación al equipo | Gota a Gota',
  signIn: 'Inicia sesión con la cuenta de la dirección invitada para aceptar la invitación.',
} as const;

/** What the invitation's page and its acceptance say of a link that does not work (and the status it is answered with). */
const invitationRefusals: Record<Exclude<InvitacionPageProps['state'], 'valida'>, { message: string; status: PageStatus }> = {
  caducada: {
    message: `Esta invitación caducó: los enlaces sirven ${invitationHours} horas. Pide a quien administra el equipo que te invite de nuevo.`,
    status: 410,
  },
  usada: {
    message: 'Esta invitación ya se usó: cada enlace sirve una sola vez. Si no fuiste tú, avisa a quien administra el equipo.',
    status: 410,
  },
  desconocida: {
    message: 'Esta invitación no existe. Revisa que el enlace esté completo, tal como llegó en el correo.',
    status: 404,
  },
  'otra-cuenta': {
    message: 'Esta invitación es para otra dirección de correo. Cierra sesión e inicia con la cuenta de la dirección invitada.',
    status: 403,
  },
};

const factory = createFactory<AppEnv>();

/** The administrator who acts, as the log and the grants keep them: name and email. */
function actorOf(c: Context<AppEnv>): TeamActor {
  const session = c.get('session');
  if (!session) throw new Error('requireRole debe ir antes de las acciones de Equipo');
  return { id: session.userId, name: `${session.name} <${session.email}>` };
}

/** A refusal the administrator can act on: a Spanish message and a 4xx, nothing changed. */
function refusal(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof TeamRefusal) return c.json({ message: error.message }, error.status);
  throw error;
}

/** Where a new member starts: the first part of the panel their roles open. */
function landingOf(roles: readonly TeamRole[]): string {
  const order: [TeamRole, RouteName][] = [
    ['bandeja', 'panel'],
    ['administrador', 'panelEquipo'],
    ['operador', 'panelVersiones'],
    ['editor', 'panelHistorias'],
  ];
  return route(order.find(([role]) => roles.includes(role))?.[1] ?? 'index');
}

const roleList = (roles: readonly TeamRole[]) => roles.map((role) => teamRoleLabels[role]);

/**
 * The panel's «Equipo» (issue #45, decision 051), for administrators: who holds which role, since when and given by
 * whom, their last sign-in, the invitations that still work and the log; change a person's roles (with the version the
 * page showed), take a person off the team, invite by email. And the invitation's own page, `/invitacion/{token}`, for
 * anyone who holds its link. Registered after the staff guard of /panel.
 */
export function registerEquipoRoutes(app: Hono<AppEnv>, { services, seo }: EquipoDeps): void {
  const db = () => services.database.use();
  const administrators = requireRole('administrador');
  app.use(routerPath('panelEquipo'), administrators);
  app.use(`${routerPath('panelEquipo')}/*`, administrators);
  const notMember = (c: Context<AppEnv>) => c.json({ message: 'Esa persona ya no forma parte del equipo.' }, 404);

  app.get(routerPath('panelEquipo'), async (c) => {
    const overview = await teamOverview(db());
    return c.var.page('Panel/Equipo', {
      ...overview,
      me: c.get('session')?.userId ?? '',
      seo: seo(c, equipoMessages.title, equipoMessages.description),
    });
  });

  app.post(
    routerPath('panelEquipoRoles'),
    ...factory.createHandlers(
      validate('param', TeamMemberParamsSchema, notMember),
      jsonBody,
      validate('json', TeamRolesSchema),
      async (c) => {
        const { roles, version } = c.req.valid('json');
        try {
          const next = await changeRoles(db(), { userId: c.req.valid('param').id, roles, version, actor: actorOf(c) });
          c.get('log').info({ event: 'team_roles', userId: c.req.valid('param').id, roles }, 'roles del equipo cambiados');
          return c.json({ message: 'Roles guardados.', version: next });
        } catch (error) {
          return refusal(c, error);
        }
      },
    ),
  );

  app.post(
    routerPath('panelEquipoQuitar'),
    ...factory.createHandlers(
      validate('param', TeamMemberParamsSchema, notMember),
      jsonBody,
      validate('json', TeamRemoveSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        try {
          await removeMember(db(), { userId, version: c.req.valid('json').version, actor: actorOf(c) });
          c.get('log').info({ event: 'team_removed', userId }, 'persona quitada del equipo; sus sesiones terminaron');
          return c.json({ message: 'La persona ya no forma parte del equipo y sus sesiones se cerraron.' });
        } catch (error) {
          return refusal(c, error);
        }
      },
    ),
  );

  // «Restablecer segundo factor» (decision 055): a person who lost their phone and their codes sets one up again at their
  // next sign-in; every factor, code and session of theirs ends now, and the log says who did it
  app.post(
    routerPath('panelEquipoSegundoFactor'),
    ...factory.createHandlers(validate('param', TeamMemberParamsSchema, notMember), async (c) => {
      const userId = c.req.valid('param').id;
      if (userId === c.get('session')?.userId)
        return c.json({ message: 'Tu propio segundo factor se cambia en «Seguridad de la cuenta».' }, 422);
      const [subject] = await db().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
      if (!subject) return notMember(c);
      await db().transaction((tx) => resetSecondFactor(tx, subject, actorOf(c)));
      c.get('log').info({ event: 'second_factor_reset', userId }, 'segundo factor restablecido por administración');
      return c.json({
        message: `Restablecimos el segundo factor de ${subject.email}: al iniciar sesión configurará uno nuevo. Sus sesiones se cerraron.`,
      });
    }),
  );

  app.post(
    routerPath('panelEquipoInvitar'),
    ...factory.createHandlers(jsonBody, validate('json', TeamInviteSchema), async (c) => {
      const { email, roles } = c.req.valid('json');
      const actor = actorOf(c);
      await db().transaction(async (tx) => {
        const { token } = await createInvitation(tx, { email, roles, actor });
        const link = `${services.env.appUrl}${route('invitacion', { token })}`;
        // the mail exists exactly when the invitation does
        await enqueueMail(
          tx,
          'invitacion',
          invitationMail({
            to: email,
            link,
            roles: roleList(roles),
            by: c.get('session')?.name ?? 'El equipo',
            hours: invitationHours,
          }),
        );
      });
      services.outbox.nudge();
      c.get('log').info({ event: 'team_invited', roles }, 'invitación al equipo enviada');
      return c.json({ message: `Enviamos la invitación a ${email}. El enlace sirve ${invitationHours} horas.` }, 201);
    }),
  );

  // a member's own open sessions (any role: the panel's guard): see them, and close one left open elsewhere
  const noSession = (c: Context<AppEnv>) => c.json({ message: 'Esa sesión ya no está abierta.' }, 404);
  app.get(routerPath('panelSesiones'), async (c) => {
    const session = c.get('session');
    if (!session) throw new Error('la guardia del panel debe ir antes de las sesiones');
    const props = { sessions: await ownSessions(db(), session.userId, sha256(session.id)) };
    return c.var.page('Panel/Sesiones', {
      ...props,
      seo: seo(c, 'Mis sesiones | Panel | Gota a Gota', 'Las sesiones abiertas de tu cuenta.'),
    });
  });
  app.post(
    routerPath('panelSesionCerrar'),
    ...factory.createHandlers(validate('param', OwnSessionParamsSchema, noSession), async (c) => {
      const session = c.get('session');
      if (!session) throw new Error('la guardia del panel debe ir antes de las sesiones');
      const { id } = c.req.valid('param');
      if (id === sha256(session.id))
        return c.json({ message: 'Esta es la sesión de este navegador: ciérrala con «Cerrar sesión».' }, 422);
      if (!(await closeOwnSession(db(), session.userId, id))) return noSession(c);
      c.get('log').info({ event: 'own_session_closed', userId: session.userId }, 'sesión propia cerrada desde el panel');
      return c.json({ message: 'Sesión cerrada.' });
    }),
  );

  // the invitation's page: anyone holding the link; what it offers depends on whether they are signed in, and as whom
  app.get(routerPath('invitacion'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.param('token') ?? '';
    const session = c.get('session');
    const { state, row } = tokenPattern.test(token)
      ? await readInvitation(db(), token, session?.email)
      : { state: 'desconocida' as const, row: undefined };
    const usable = state === 'valida';
    const props: InvitacionPageProps = {
      state,
      email: usable && row ? row.email : null,
      roles: usable && row ? row.roles.filter(isTeamRole) : [],
      message: usable ? null : invitationRefusals[state].message,
      signedIn: session !== null,
      token: usable ? token : null,
    };
    const status = usable ? 200 : invitationRefusals[state].status;
    const response = await c.var.page(
      'Auth/Invitacion',
      { ...props, seo: seo(c, equipoMessages.invitationTitle, 'Una invitación al equipo de campaña de Gota a Gota.') },
      { status },
    );
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });

  app.post(routerPath('invitacion'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const token = c.req.param('token') ?? '';
    const session = c.get('session');
    if (!session) return c.json({ message: equipoMessages.signIn }, 401);
    const { state, roles } = tokenPattern.test(token)
      ? await acceptInvitation(db(), token, { id: session.userId, email: session.email })
      : { state: 'desconocida' as const, roles: [] };
    if (state !== 'valida') return c.json({ message: invitationRefusals[state].message }, invitationRefusals[state].status);
    c.get('log').info({ event: 'team_invitation_accepted', userId: session.userId, roles }, 'invitación al equipo aceptada');
    return c.json({ message: 'Ya formas parte del equipo.', url: landingOf(roles) });
  });
}
