import { createFactory } from 'hono/factory';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RecoverySchema, ResetSchema, ResetTokenParamsSchema } from '@gota/shared/schemas';
import {
  fieldError,
  invalidResetTokenMessage,
  passwordMessages,
  recoverySentMessage,
  resetDoneMessage,
} from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { mailOutbox, throttleCounters } from '../../db/schema';
import { passwordResetTokens, sessions, users } from './schema';
import { enqueueMail } from '../../mail/outbox';
import { passwordChangedMail, recoveryMail } from '../../mail/templates';
import type { AppServices } from '../../app-services';
import { isWeakPassword } from '../../security/password-strength';
import { hashPassword } from '../../security/passwords';
import { forgetSession } from './sessions';
import { identityKey, throttleIdentity } from '../../security/throttle';
import { randomToken, sha256 } from '../../security/tokens';
import { formOrJsonBody, validate, validateBody } from '../../security/validation';
import type { AppEnv } from '../../types';

const factory = createFactory<AppEnv>();

/** architecture §4: reset links live 60 minutes, and one is sent at most every 60 seconds per account. */
const resetTokenMinutes = 60;
const resendSeconds = 60;
/** At most this many reset links are mailed to one account in 24 hours (issue #12 row 9). */
const resetMailsPerDay = 5;

/**
 * POST /recuperar-contrasena: the same 200 answer whether or not the account exists. When it does, a single-use link
 * to /resetear-contrasena/{token} replaces any previous one and is written to the mail outbox with it.
 */
export function requestRecovery(services: AppServices) {
  return factory.createHandlers(formOrJsonBody, validateBody(RecoverySchema), async (c) => {
    const { email } = c.req.valid('json');
    const limited = await throttleIdentity(services, c, 'recuperar', email);
    if (limited) return limited;

    // Known or unknown, the same work: a token and its mail are made and one statement runs, which issues the token
    // only when the address belongs to an account, its last link is older than the resend window and it got fewer than
    // 5 links today, and writes the mail to the outbox in the same statement only when it issued one. The sender is
    // nudged either way: the answer does not wait for the mail, and takes the same time whether or not it exists.
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + resetTokenMinutes * 60_000);
    const dayKey = identityKey('recuperar-dia', email);
    const mail = recoveryMail({
      to: email,
      link: `${services.env.appUrl}${route('resetearContrasenaPost', { token })}`,
      minutes: resetTokenMinutes,
    });
    await services.database.use().execute(sql`
      with target as (
        select ${users.id} as id from ${users}
        where ${users.email} = ${email}
          and not exists (
            select 1 from ${throttleCounters}
            where ${throttleCounters.key} = ${dayKey} and ${throttleCounters.resetAt} > now() and ${throttleCounters.count} >= ${resetMailsPerDay}
          )
      ),
      issued as (
        insert into ${passwordResetTokens} (user_id, token_hash, expires_at)
        select id, ${sha256(token)}, ${expiresAt.toISOString()}::timestamptz from target
        on conflict (user_id) do update
          set token_hash = excluded.token_hash, expires_at = excluded.expires_at, used_at = null, created_at = now()
          where ${passwordResetTokens}.created_at <= now() - make_interval(secs => ${resendSeconds})
        returning user_id
      ),
      counted as (
        insert into ${throttleCounters} (key, count, reset_at)
        select ${dayKey}, 1, now() + interval '1 day' from issued
        on conflict (key) do update
          set count = case when ${throttleCounters}.reset_at <= now() then 1 else ${throttleCounters}.count + 1 end,
              reset_at = case when ${throttleCounters}.reset_at <= now() then now() + interval '1 day' else ${throttleCounters}.reset_at end
        returning key
      ),
      mailed as (
        insert into ${mailOutbox} (kind, recipient, subject, text, html)
        select 'recuperacion', ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html} from issued
        returning id
      )
      select count(*) from mailed
    `);
    services.outbox.nudge();
    return c.json({ message: recoverySentMessage });
  });
}

/**
 * POST /resetear-contrasena/{token}: sets the new password, spends the token, signs the account out everywhere and
 * mails a notice. An unknown, expired or used token is a 422 with one Spanish message.
 */
export function resetPassword(services: AppServices) {
  // the body first, then the token: a form with a bad password says so before the link is judged
  return factory.createHandlers(
    formOrJsonBody,
    validateBody(ResetSchema),
    validate('param', ResetTokenParamsSchema),
    async (c) => {
      const { password } = c.req.valid('json');
      const { token } = c.req.valid('param');
      if (isWeakPassword(password)) return c.json(fieldError('password', passwordMessages.weak), 422);

      const passwordHash = await hashPassword(password);
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
          .returning({ id: users.id, email: users.email });
        await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
        if (updated) await enqueueMail(tx, 'aviso-contrasena', passwordChangedMail({ to: updated.email }));
        return updated ?? null;
      });
      if (!user) return c.json(fieldError('token', invalidResetTokenMessage), 422);

      if (c.get('session')?.userId === user.id) forgetSession(c, services.sessions.secure);
      services.outbox.nudge();
      c.get('log').info({ event: 'password_reset', userId: user.id }, 'contraseña restablecida');
      return c.json({ message: resetDoneMessage, url: route('auth') });
    },
  );
}
