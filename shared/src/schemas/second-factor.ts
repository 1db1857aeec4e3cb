import './zod-setup';
import { z } from 'zod';
import { secondFactorMessages } from '../contracts/second-factor';
import { returnPathField } from './auth';
import { textField } from './text-fields';

// The bodies of the second factor (issue #45 item 3, decision 055). Whether a code or a passkey proves the account is
// the handler's to judge; these bound the shapes.

/** A code of the authenticator app (6 digits) or a recovery code (10 letters and digits, the dash and spaces optional). */
const codeField = () =>
  z
    .string({ error: 'Escribe el código.' })
    .trim()
    .min(1, { error: 'Escribe el código.', abort: true })
    .max(24, { error: secondFactorMessages.wrongCode, abort: true });

/** POST /login/segundo-paso: a code, and where to go after. */
export const SecondStepSchema = z.object({ code: codeField(), volver: returnPathField() });

/** A passkey's answer as the browser's library sends it (checked in full by the server's library). */
const passkeyResponseField = () =>
  z.looseObject({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  });

/** POST /login/segundo-paso/llave: the passkey's signature, and where to go after. */
export const SecondStepPasskeySchema = z.object({ response: passkeyResponseField(), volver: returnPathField() });

/** POST /panel/seguridad/app and /panel/seguridad/codigos: a code (the app's, or a recovery code for the latter). */
export const FactorCodeSchema = z.object({ code: codeField() });

/** POST /panel/seguridad/llaves: the new passkey's name and the browser's answer. */
export const PasskeyRegistrationSchema = z.object({
  name: textField({ required: 'Ponle un nombre a la llave (por ejemplo, «Teléfono de Ana»).', max: 60 }),
  response: passkeyResponseField(),
});

/** The passkey of a /panel/seguridad/llaves/{id}/quitar address (a credential id, base64url). */
export const PasskeyParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, { error: 'Esa llave ya no está.' }),
});
