import { z } from 'zod';
import { emailField, textField } from './text-fields';

/**
 * Company form of SPEC §5: the rules and messages are the spec's, word for word. POST /contacto-empresa.
 */
export const CompanyMessageSchema = z.object({
  empresa: textField({ required: 'La empresa es obligatoria', max: 255 }),
  name: textField({ required: 'El nombre es obligatorio', max: 255 }),
  email: emailField(),
  mensaje: textField({ required: 'El mensaje es obligatorio', max: 1000, multiline: true }),
});
export type CompanyMessage = z.infer<typeof CompanyMessageSchema>;

/** Contact registration dialog (SPEC §2, §3): name, lastName, email. POST /contacto-empresa. */
export const ContactRegistrationSchema = z.object({
  name: textField({ required: 'El nombre es obligatorio', max: 255 }),
  lastName: textField({ required: 'El apellido es obligatorio', max: 255 }),
  email: emailField(),
});
export type ContactRegistration = z.infer<typeof ContactRegistrationSchema>;

/** Both payloads share one path; a body with `empresa` or `mensaje` is a company message. */
export function isCompanyPayload(body: Record<string, unknown>): boolean {
  return 'empresa' in body || 'mensaje' in body;
}

/**
 * Hidden field of both contact dialogs: people leave it empty, form-filling bots do not. Render it visually hidden,
 * `tabIndex={-1}`, `autoComplete="off"`, with a label like «No llenes este campo».
 */
export const honeypotField = 'sitio_web';

export const contactMessages = {
  registrationSent: '¡Registro enviado exitosamente!',
  companySent: 'Mensaje enviado con éxito.',
  cooldown: (seconds: number) => `Debes esperar ${seconds} segundos para volver a enviar el formulario.`,
} as const;
