import './zod-setup';
import { z } from 'zod';
import { invalidResetTokenMessage, loginIdentityRequiredMessage } from '../contracts/auth';
import { invalidCharactersMessage, isPlainText, passwordMessages } from '../contracts/text-fields';
import { querySchema } from './query';
import { emailField, newPasswordField, textField, withConfirmation } from './text-fields';

/**
 * A path on this site to come back to after signing in (`/login?volver=…`), or null: it must start with one slash (not
 * `//host` or `/\host`, which a browser reads as another site) and be of reasonable length. Checked when the sign-in
 * page is served and again when the sign-in answers, so a value forged into the POST is refused too.
 *
 * @example
 * safeReturnPath('/panel?q=agua') // '/panel?q=agua'
 * safeReturnPath('//malo.example') // null
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // control characters (a header split) are never part of a path we link to; a browser drops tabs and line breaks
  // from a URL, so `/\t/malo.example` would become `//malo.example`
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  return value;
}

/** A return address never refuses a form or a page: one that is not a path of this site is dropped (null). */
export const returnPathField = () => z.unknown().optional().transform(safeReturnPath);

/**
 * Shape of the secrets the API issues (session ids, reset links: base64url of 32 random bytes): anything else is
 * rejected before touching the database.
 */
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

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
      .string({
        error: (issue) => (issue.input === undefined || issue.input === null ? passwordMessages.required : 'Debe ser texto'),
      })
      .min(1, { error: passwordMessages.required, abort: true })
      .max(255, { error: 'Máximo 255 caracteres', abort: true })
      .refine((value) => isPlainText(value), { error: invalidCharactersMessage, abort: true }),
    // a script sends true or false; a browser without one sends a ticked box as 'on' and an unticked one not at all
    remember: z.preprocess(
      (value) => (value === 'on' ? true : value),
      z.boolean({ error: 'Recordarme debe ser verdadero o falso' }).nullish(),
    ),
    /** Where to go after signing in (`/login?volver=`): a path of this site, else null. */
    volver: returnPathField(),
  })
  .refine((data) => Boolean(data.email || data.username), { error: loginIdentityRequiredMessage, path: ['email'] });

/** POST /registro (product §3). Whether the email is taken is checked by the server. */
export const RegisterSchema = withConfirmation(
  z.object({
    name: textField({ required: 'El nombre es obligatorio', max: 255 }),
    last_name: textField({ required: 'El apellido es obligatorio', max: 255 }),
    email: emailField(),
    password: newPasswordField(),
    password_confirmation: z
      .string({ error: passwordMessages.confirmationRequired })
      .min(1, passwordMessages.confirmationRequired),
    /** Where to go once the account exists (`/registro?volver=`, an invitation's page): a path of this site, else null. */
    volver: returnPathField(),
  }),
);

/** POST /recuperar-contrasena (product §3). */
export const RecoverySchema = z.object({ email: emailField() });

/** GET /login: `?volver=`, where the staff guard asks to come back to after signing in. */
export const LoginPageQuerySchema = querySchema(z.object({ volver: returnPathField() }));

/** GET /registro: `?volver=`, where to come back to once the account exists (an invitation to the team, decision 051). */
export const RegisterPageQuerySchema = querySchema(z.object({ volver: returnPathField() }));

/** POST /resetear-contrasena/{token} (product §3); the token travels in the path. */
export const ResetSchema = withConfirmation(
  z.object({
    password: newPasswordField(),
    password_confirmation: z
      .string({ error: passwordMessages.confirmationRequired })
      .min(1, passwordMessages.confirmationRequired),
  }),
);

/** The token of POST /resetear-contrasena/{token}: one the API could have written, else the form's one message for it. */
export const ResetTokenParamsSchema = z.object({ token: z.string().regex(tokenPattern, { error: invalidResetTokenMessage }) });

/**
 * The token of the page GET /resetear-contrasena/{token}: any text. The page is shown whatever the address carries and
 * hands the token to its form; the POST judges it, with the message the person can act on.
 */
export const ResetPageParamsSchema = z.object({ token: z.string() });
