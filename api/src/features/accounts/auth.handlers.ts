import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import { eq } from 'drizzle-orm';
import { emailTakenMessage, fieldError, invalidCredentialsMessage, passwordMessages } from '@gota/shared/contracts';
import { LoginSchema, RegisterSchema } from '@gota/shared/schemas';
import { route } from '@gota/shared/routes';
import { isUniqueViolation } from '../../db/errors';
import { users } from './schema';
import { isWeakPassword } from '../../security/password-strength';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { signIn, signOut } from './sessions';
import { identityKey, resetCounter, throttleIdentity } from '../../security/throttle';
import { formOrJsonBody, validateBody } from '../../security/validation';
import type { AppServices } from '../../app-services';
import { enqueueMail } from '../../mail/outbox';
import { welcomeMail } from '../../mail/templates';
import { freeUsername, usernameBase } from './usernames';
import type { AppEnv } from '../../types';

const factory = createFactory<AppEnv>();

/**
 * POST /login: `{url}` of the page the visitor was sent to sign in from (`volver`, a path of this site only, checked
 * again here), else `{route: 'index'}`; or one generic 422 whether or not the account exists.
 */
export function login(services: AppServices) {
  return factory.createHandlers(formOrJsonBody, validateBody(LoginSchema), async (c) => {
    const body = c.req.valid('json');
    const field = body.email ? 'email' : 'username';
    // what was typed decides, not the key: an at-sign means an email, usernames never contain one
    const identity = (body.email || body.username || '').toLowerCase();

    const db = services.database.use();
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(identity.includes('@') ? eq(users.email, identity) : eq(users.username, identity))
      .limit(1);
    // one counter per account, whichever of its identifiers was typed (decision 008); an unknown identifier has its
    // own, so an unknown and a known account are throttled alike
    const counter = user ? `cuenta:${user.id}` : identity;
    const limited = await throttleIdentity(services, c, 'login', counter);
    if (limited) return limited;
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      c.get('log').info({ event: 'login_failed' }, 'inicio de sesión rechazado');
      return c.json(fieldError(field, invalidCredentialsMessage), 422);
    }
    await resetCounter(db, identityKey('login', counter));
    const state = await signIn(c, services.sessions, user, body.remember === true);
    if (state === 'pending') {
      // an account with a second factor: the password was its first step (decision 055)
      c.get('log').info({ event: 'login_first_step', userId: user.id }, 'contraseña correcta; falta el segundo paso');
      const query = body.volver ? `?${new URLSearchParams({ volver: body.volver }).toString()}` : '';
      return c.json({ url: `${route('segundoPaso')}${query}`, secondStep: true });
    }
    c.get('log').info({ event: 'login', userId: user.id }, 'sesión iniciada');
    return c.json(body.volver ? { url: body.volver } : { route: 'index' });
  });
}

/** POST /registro: creates the account, signs it in, answers `{url}`: `volver` when it was sent (a path of this site), else '/'. */
export function register(services: AppServices) {
  return factory.createHandlers(formOrJsonBody, validateBody(RegisterSchema), async (c) => {
    const body = c.req.valid('json');
    const { email } = body;
    const limited = await throttleIdentity(services, c, 'registro', email);
    if (limited) return limited;
    if (isWeakPassword(body.password, [`${body.name} ${body.last_name}`, email])) {
      return c.json(fieldError('password', passwordMessages.weak), 422);
    }

    const db = services.database.use();
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) return c.json(fieldError('email', emailTakenMessage), 422);

    const passwordHash = await hashPassword(body.password);
    const base = usernameBase(body.name, body.last_name);
    let created: { id: string; name: string; email: string; username: string } | undefined;
    // two registrations can derive the same username at once: the unique index decides and the loser takes the next
    for (let attempt = 0; !created && attempt < 5; attempt++) {
      try {
        created = await db.transaction(async (tx) => {
          const username = await freeUsername(tx, base);
          const [row] = await tx
            .insert(users)
            .values({ name: body.name, lastName: body.last_name, email, username, passwordHash })
            .returning({ id: users.id, name: users.name, email: users.email, username: users.username });
          // the welcome mail exists exactly when the account does
          await enqueueMail(
            tx,
            'bienvenida',
            welcomeMail({ to: email, username, loginUrl: `${services.env.appUrl}${route('auth')}` }),
          );
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) return c.json(fieldError('email', emailTakenMessage), 422);
        if (!isUniqueViolation(error, 'users_username_unique')) throw error;
      }
    }
    if (!created) throw new Error('No se encontró un nombre de usuario libre');

    await signIn(c, services.sessions, created, false);
    services.outbox.nudge();
    c.get('log').info({ event: 'register', userId: created.id }, 'cuenta creada');
    return c.json({ url: body.volver ?? route('index') }, 201);
  });
}

/** POST /logout: ends the session (if any) and answers `{url: '/'}` with the new anonymous token. */
export function logout(services: AppServices) {
  return async (c: Context<AppEnv>) => {
    await signOut(c, services.sessions);
    return c.json({ url: route('index') });
  };
}
