import './zod-setup';
import { z } from 'zod';
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
export type ContactRegistration = z.infer<typeof ContactRegistrationSchema>;

