import './zod-setup';
import { z } from 'zod';
import {
  emailMessages,
  invalidCharactersMessage,
  isPlainText,
  maxMessage,
  passwordMessages,
  type TextFieldOptions,
} from '../contracts/text-fields';

// Building blocks of the form schemas: every rule carries its Spanish message, and the first failing rule of a field
// stops the others (`abort`), so a person reads one instruction per field, not three.

/** A required string: trimmed, not blank, at most `max` characters, without control characters. */
export function textField({ required, max, multiline = false, trim = true }: TextFieldOptions) {
  const base = z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Debe ser texto') });
  return (trim ? base.trim() : base)
    .min(1, { error: required, abort: true })
    .max(max, { error: maxMessage(max), abort: true })
    .refine((value) => isPlainText(value, multiline), {
      error: invalidCharactersMessage,
      abort: true,
    });
}

/**
 * A required email address, at most 255 characters (product §5), lower-cased: people type their address in any case,
 * and it is stored, compared and counted (the attempt limits) lower-cased, so that none of them depends on the case.
 */
export function emailField() {
  return textField({ required: emailMessages.required, max: 255 }).pipe(z.email({ error: emailMessages.invalid }).toLowerCase());
}

/** Counts what a person sees as characters (code points), not UTF-16 units: an emoji is one character. */
const length = (value: string) => [...value].length;

/** A new password: 8 to 64 characters and no composition rules (NIST SP 800-63B). Never trimmed. */
export function newPasswordField() {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? passwordMessages.required : 'Debe ser texto'),
    })
    .min(1, { error: passwordMessages.required, abort: true })
    .refine((value) => length(value) >= 8, { error: passwordMessages.min, abort: true })
    .refine((value) => length(value) <= 64, { error: passwordMessages.max, abort: true })
    .refine((value) => isPlainText(value), { error: invalidCharactersMessage, abort: true });
}

/** `password_confirmation` must be present and equal to `password`; the error goes on the confirmation field. */
export function withConfirmation<
  T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((data) => data.password === data.password_confirmation, {
    error: passwordMessages.mismatch,
    path: ['password_confirmation'],
    when: (payload) => typeof (payload.value as { password_confirmation?: unknown })?.password_confirmation === 'string',
  });
}
