import './zod-setup';
import { z } from 'zod';
import { loginIdentityRequiredMessage } from '../contracts/auth';
import { invalidCharactersMessage, isPlainText, passwordMessages } from '../contracts/text-fields';
import { emailField, newPasswordField, textField, withConfirmation } from './text-fields';

const optionalIdentity = z
  .string({ error: 'Debe ser texto' })
  .trim()
  .max(255, { error: 'Máximo 255 caracteres', abort: true })
  .refine((value) => isPlainText(value), { error: invalidCharactersMessage, abort: true })
  .nullish();

/**
 * POST /login (product §3): `email` or `username` — the form sends `email` when what was typed contains an at-sign.
 * No format rules: a wrong value gets the generic credentials message, never a hint.
 */
export const LoginSchema = z
  .object({
    email: optionalIdentity,
    username: optionalIdentity,
    password: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? passwordMessages.required : 'Debe ser texto') })
      .min(1, { error: passwordMessages.required, abort: true })
      .max(255, { error: 'Máximo 255 caracteres', abort: true })
      .refine((value) => isPlainText(value), { error: invalidCharactersMessage, abort: true }),
    remember: z.boolean({ error: 'Recordarme debe ser verdadero o falso' }).nullish(),
    /** Where to go after signing in (`/login?volver=`); the server keeps it only when it is a path of this site. */
    volver: z.string().nullish().catch(null),
  })
  .refine((data) => Boolean(data.email || data.username), { error: loginIdentityRequiredMessage, path: ['email'] });

/** POST /registro (product §3). Whether the email is taken is checked by the server. */
export const RegisterSchema = withConfirmation(
  z.object({
    name: textField({ required: 'El nombre es obligatorio', max: 255 }),
    last_name: textField({ required: 'El apellido es obligatorio', max: 255 }),
    email: emailField(),
    password: newPasswordField(),
    password_confirmation: z.string({ error: passwordMessages.confirmationRequired }).min(1, passwordMessages.confirmationRequired),
  }),
);

/** POST /recuperar-contrasena (product §3). */
export const RecoverySchema = z.object({ email: emailField() });

/** POST /resetear-contrasena/{token} (product §3); the token travels in the path. */
export const ResetSchema = withConfirmation(
  z.object({
    password: newPasswordField(),
    password_confirmation: z.string({ error: passwordMessages.confirmationRequired }).min(1, passwordMessages.confirmationRequired),
  }),
);
