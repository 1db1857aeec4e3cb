import './zod-setup';
import { z } from 'zod';
import { teamMessages, teamRoles } from '../contracts/team';
import { emailField } from './text-fields';

// The bodies of «Equipo» (issue #45, decision 051). Whether the person, the version or the last administrator allow the
// change is the handler's to judge, with its own Spanish messages; these bound the shapes.

const rolesField = () =>
  z
    .array(z.enum(teamRoles, { error: 'Ese rol no existe.' }), { error: teamMessages.noRole })
    .min(1, { error: teamMessages.noRole })
    .max(teamRoles.length)
    .transform((roles) => [...new Set(roles)]);

const versionField = () => z.number({ error: 'Falta la versión de los roles; recarga la página.' }).int().min(0);

/** POST /panel/equipo/{id}/roles: the person's whole set of roles, with the version the page showed. */
export const TeamRolesSchema = z.object({ roles: rolesField(), version: versionField() });

/** POST /panel/equipo/{id}/quitar: removes the person from the team (every role, every session). */
export const TeamRemoveSchema = z.object({ version: versionField() });

/** POST /panel/equipo/invitaciones: who is invited, to which roles. */
export const TeamInviteSchema = z.object({ email: emailField(), roles: rolesField() });

/** The person of a /panel/equipo/{id} address. */
export const TeamMemberParamsSchema = z.object({ id: z.uuid({ error: teamMessages.notMember }) });

/** The session of a /panel/sesiones/{id}/cerrar address: the digest the page listed. */
export const OwnSessionParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Esa sesión ya no está abierta.' }),
});
