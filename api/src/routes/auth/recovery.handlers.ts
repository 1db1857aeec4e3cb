import type { Context } from 'hono';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  RecoverySchema,
  ResetSchema,
  fieldError,
  invalidResetTokenMessage,
  recoverySentMessage,
  resetDoneMessage,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { passwordChangedMail, recoveryMail } from '../../mail/templates';
import type { FormServices } from '../../security/form-envelope';
import { parseJsonBody } from '../../security/json-body';
import { hashPassword } from '../../security/passwords';
import { forgetSession } from '../../security/sessions';
import { randomToken, sha256, tokenPattern } from '../../security/tokens';
import { throttleIdentity } from './auth.handlers';

/** ARCHITECTURE §4: reset links live 60 minutes, and one is sent at most every 60 seconds per account. */
export const resetTokenMinutes = 60;
export const resendSeconds = 60;

/**
 * POST /recuperar-contrasena: the same 200 answer whether or not the account exists. When it does, a single-use link
 * to /resetear-contrasena/{token} replaces any previous one and is mailed after the answer.
 */
export function requestRecovery(services: FormServices) {
  return async (c: Context) => {
    const body = await parseJsonBody(c, RecoverySchema);
    if (!body.ok) return body.response;
    const email = body.data.email.toLowerCase();
    const limited = await throttleIdentity(services, c, 'recuperar', email);
    if (limited) return limited;

    const db = services.database.use();
    const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + resetTokenMinutes * 60_000);
      // one row per account; a request within the resend window leaves the previous link alone and sends nothing
      const [issued] = await db
        .insert(passwordResetTokens)
        .values({ userId: user.id, tokenHash: sha256(token), expiresAt })
        .onConflictDoUpdate({
          target: passwordResetTokens.userId,
          set: { tokenHash: sha256(token), expiresAt, usedAt: null, createdAt: sql`now()` },
          setWhere: sql`${passwordResetTokens.createdAt} <= now() - make_interval(secs => ${resendSeconds})`,
        })
        .returning({ userId: passwordResetTokens.userId });
      if (issued) {
        const link = `${services.env.appUrl}${route('resetearContrasenaPost', { token })}`;
        services.mailer.sendLater(recoveryMail({ to: email, name: user.name, link, minutes: resetTokenMinutes }));
      }
    }
    return c.json({ message: recoverySentMessage });
  };
}

/**
 * POST /resetear-contrasena/{token}: sets the new password, spends the token, signs the account out everywhere and
 * mails a notice. An unknown, expired or used token is a 422 with one Spanish message.
 */
export function resetPassword(services: FormServices) {
  return async (c: Context) => {
    const body = await parseJsonBody(c, ResetSchema);
    if (!body.ok) return body.response;
    const token = c.req.param('token') ?? '';
    if (!tokenPattern.test(token)) return c.json(fieldError('token', invalidResetTokenMessage), 422);

    const passwordHash = await hashPassword(body.data.password);
    const db = services.database.use();
    const user = await db.transaction(async (tx) => {
      // claiming the token is one conditional update, so two requests with the same link cannot both succeed
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, sha256(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!claimed) return null;
      const [updated] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, claimed.userId))
        .returning({ id: users.id, name: users.name, email: users.email });
      await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
      return updated ?? null;
    });
    if (!user) return c.json(fieldError('token', invalidResetTokenMessage), 422);

    if (c.get('session')?.userId === user.id) forgetSession(c, services.sessions.secure);
    services.mailer.sendLater(passwordChangedMail({ to: user.email, name: user.name }));
    c.get('log').info({ event: 'password_reset', userId: user.id }, 'contraseña restablecida');
    return c.json({ message: resetDoneMessage, url: route('auth') });
  };
}
