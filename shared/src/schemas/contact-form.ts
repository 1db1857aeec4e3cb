import './zod-setup';
import { z } from 'zod';
import { honeypotField, isCompanyPayload } from '../contracts/contact-form';
import { emailField, textField } from './text-fields';

/**
 * Company form of product §5: the rules and messages are the spec's, word for word. POST /contacto-empresa.
 */
export const CompanyMessageSchema = z.object({
  empresa: textField({ required: 'La empresa es obligatoria', max: 255 }),
  name: textField({ required: 'El nombre es obligatorio', max: 255 }),
  email: emailField(),
  mensaje: textField({ required: 'El mensaje es obligatorio', max: 1000, multiline: true }),
});
export type CompanyMessage = z.infer<typeof CompanyMessageSchema>;

/** Contact registration dialog (product §2, §3): name, lastName, email. POST /contacto-empresa. */
export const ContactRegistrationSchema = z.object({
  name: textField({ required: 'El nombre es obligatorio', max: 255 }),
  lastName: textField({ required: 'El apellido es obligatorio', max: 255 }),
  email: emailField(),
});

/** A body that is an object gets the kind its fields say (product §3); anything else goes on to fail as it is. */
function withKind(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, kind: isCompanyPayload(body as Record<string, unknown>) ? 'empresa' : 'registro' };
}

/** The hidden field travels on, untouched, for the server to tell a bot from a person (decision 003). */
const honeypot = { [honeypotField]: z.unknown().optional() };

/**
 * POST /contacto-empresa takes both payloads: a body with `empresa` or `mensaje` is a company message and is held to its
 * rules, any other is a contact registration. `kind` says which one passed.
 */
export const ContactPayloadSchema = z.preprocess(
  withKind,
  z.discriminatedUnion('kind', [
    CompanyMessageSchema.extend({ kind: z.literal('empresa'), ...honeypot }),
    ContactRegistrationSchema.extend({ kind: z.literal('registro'), ...honeypot }),
  ]),
);
