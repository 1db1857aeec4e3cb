// Accounts (decision 070): signing up, in and out, password recovery, sessions, the campaign team's roles and
// invitations («Equipo»), and the second factor («Seguridad de la cuenta»). What app code and other features may use of
// it; its tables are in ./schema.ts.
export { registerAuthRoutes } from './auth.routes';
export { registerEquipoRoutes } from './equipo.handlers';
export { registerSeguridadRoutes } from './seguridad.handlers';
export { askToSignIn, bootstrapGrants, bootstrapTeam, hasRole, holdersOf, requireRole, teamGate, teamSignIn } from './roles';
export { factorCount } from './second-factor';
export { session, sessionStore, type CurrentSession, type PendingSignIn, type SessionOptions } from './sessions';
