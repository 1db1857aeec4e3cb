/**
 * The campaign team (issue #45, decision 051): the roles an account may hold, their Spanish labels, and what the API
 * sends the `mf_auth` pages `Panel/Equipo` and `Auth/Invitacion`. Types and labels only.
 */

/** Every role, in the order the panel lists them. */
export const teamRoles = ['administrador', 'editor', 'bandeja', 'operador'] as const;
export type TeamRole = (typeof teamRoles)[number];

export const teamRoleLabels: Record<TeamRole, string> = {
  administrador: 'Administración',
  editor: 'Edición de historias',
  bandeja: 'Bandeja',
  operador: 'Versiones',
};

/** What each role lets its holder do, as the panel explains it. */
export const teamRoleHints: Record<TeamRole, string> = {
  administrador: 'Da y quita roles, invita y quita personas del equipo.',
  editor: 'Escribe y publica historias.',
  bandeja: 'Lee y atiende los mensajes de la bandeja.',
  operador: 'Activa, revierte y prueba las versiones del sitio.',
};

/** How long an invitation's link works, in hours. */
export const invitationHours = 72;

/** One role of a person: since when and who gave it (null: the environment's bootstrap, or an account gone since). */
interface TeamRoleGrant {
  role: TeamRole;
  /** ISO 8601. */
  since: string;
  by: string | null;
}

/** A person of the team as «Equipo» lists them. */
export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  roles: TeamRoleGrant[];
  /** The version of this person's roles: a change sent with an older one is refused (409). */
  version: number;
  /** ISO 8601 of the newest session's start, or null. */
  lastSignIn: string | null;
}

/** An invitation not used yet and not expired. */
interface TeamInvitationView {
  email: string;
  roles: TeamRole[];
  by: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** A line of the team's log, newest first. */
interface TeamLogEntry {
  at: string;
  actor: string;
  subject: string;
  action: string;
  role: TeamRole | null;
}

/** Props of `Panel/Equipo` (GET /panel/equipo). */
export interface EquipoPageProps {
  members: TeamMember[];
  invitations: TeamInvitationView[];
  log: TeamLogEntry[];
  /** The signed-in administrator's account id (their own row says «tú»). */
  me: string;
}

/** What the invitation's page shows: usable (sign in, or accept), or why not. */
export type InvitationState = 'valida' | 'caducada' | 'usada' | 'desconocida' | 'otra-cuenta';

/** Props of `Auth/Invitacion` (GET /invitacion/{token}). */
export interface InvitacionPageProps {
  state: InvitationState;
  /** The invited address (only for a usable invitation). */
  email: string | null;
  roles: TeamRole[];
  /** Whether the visitor is signed in (then «Aceptar»; else sign in or create the account). */
  signedIn: boolean;
  /** The token, to post the acceptance to (only for a usable invitation). */
  token: string | null;
  /** Why the link does not work, in Spanish (null for a usable invitation). */
  message: string | null;
}

/** One of the signed-in member's open sessions. */
interface OwnSession {
  /** What names it to close it (a digest of its cookie: it opens nothing). */
  id: string;
  /** ISO 8601 of the sign-in, and of its last request (to the minute). */
  since: string;
  lastSeen: string;
  remember: boolean;
  /** The session of this browser. */
  current: boolean;
}

/** Props of `Panel/Sesiones` (GET /panel/sesiones). */
export interface SesionesPageProps {
  sessions: OwnSession[];
}

/** The Spanish messages both sides show. */
export const teamMessages = {
  conflict:
    'Otra persona cambió los roles de esta persona mientras tenías la página abierta. Recarga para ver los roles actuales y vuelve a intentarlo.',
  lastAdmin: 'Eres la última persona con el rol de administración: da ese rol a alguien más antes de quitártelo.',
  notMember: 'Esa persona ya no forma parte del equipo.',
  noRole: 'Elige al menos un rol.',
} as const;

/** Props of `Panel/Guia` (GET /panel/guia/{name}): one of the campaign team's guides, as sanitised HTML. */
export interface GuiaPageProps {
  title: string;
  /** The guide's text after its title: headings, paragraphs, lists, links, images (already sanitised). */
  html: string;
}
