import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { fieldError, secondFactorMessages, type SegundoPasoPageProps } from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import { LoginPageQuerySchema, SecondStepPasskeySchema, SecondStepSchema, safeReturnPath } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { answerPath, nativeForm, seeOther } from '../../pages/native-forms';
import { completeSecondStep } from './sessions';
import { identityKey, resetCounter, throttle, throttleIdentity } from '../../security/throttle';
import { formOrJsonBody, jsonBody, validate, validateBody } from '../../security/validation';
import {
  checkTotp,
  factorsOf,
  passkeyAuthenticationOptions,
  passkeyCeremony,
  relyingPartyOf,
  useRecoveryCode,
  verifyPasskey,
} from './second-factor';
import { accountPages } from '../pages';
import type { AppEnv } from '../../types';

const factory = createFactory<AppEnv>();

/** The counter of wrong codes, one per account, shared with nothing else: the password's own limit, its own key. */
const counterOf = (userId: string) => `cuenta:${userId}`;
const action = 'segundo-factor';

/**
 * The sign-in's second step (decision 055): after the password, an account with a second factor shows a code of its
 * authenticator app, a passkey, or one of its recovery codes. Until then its session is the second step's only (the
 * rest of the site sees an anonymous visitor); a success replaces it with a full session. Wrong codes are throttled
 * like passwords: per IP on the route and per account.
 */
export function registerSecondStepRoutes(app: Hono<AppEnv>, services: AppServices): void {
  const { env, database, ip, clock } = services;
  const rp = relyingPartyOf(env.appUrl);
  const db = () => database.use();
  const account = accountPages({ appUrl: env.appUrl });
  const perIp = throttle({
    database,
    action: 'segundo-paso',
    limit: env.THROTTLE_IP_LIMIT,
    windowSeconds: env.THROTTLE_WINDOW_SECONDS,
    ip,
  });

  async function pageProps(c: Context<AppEnv>, returnTo: string | null): Promise<SegundoPasoPageProps> {
    const pending = c.get('pendingSignIn');
    const factors = pending ? await factorsOf(db(), pending.userId) : null;
    return {
      totp: factors?.totp !== null && factors !== null,
      passkeys: (factors?.passkeys.length ?? 0) > 0,
      returnTo,
      expired: !pending,
    };
  }

  app.get(routerPath('segundoPaso'), validate('query', LoginPageQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { volver } = c.req.valid('query');
    // already through both steps (another tab): on to where the visitor was going
    if (c.get('authUser')) return c.redirect(volver ?? route('index'), 302);
    const response = await account(c, 'segundoPaso', { ...(await pageProps(c, volver)) });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  });

  /** Ends the second step with a success: the full session, and where to go. */
  async function signedIn(c: Context<AppEnv>, userId: string, volver: string | null, how: string) {
    const pending = c.get('pendingSignIn');
    if (!pending) throw new Error('el segundo paso necesita su sesión pendiente');
    await resetCounter(db(), identityKey(action, counterOf(userId)));
    await completeSecondStep(c, services.sessions, pending);
    c.get('log').info({ event: 'login_second_factor', userId, how }, 'segundo paso del inicio de sesión completado');
    return c.json({ url: volver ?? route('index') });
  }

  const expired = (c: Context<AppEnv>) => c.json({ message: secondFactorMessages.noPendingSignIn }, 401);

  app.post(
    routerPath('segundoPaso'),
    nativeForm({
      page: async (c, props, status, sent) =>
        account(c, 'segundoPaso', { ...(await pageProps(c, safeReturnPath(sent.volver))), ...props }, status),
      success: (c, answer) => seeOther(c, answerPath(answer)),
    }),
    perIp,
    ...factory.createHandlers(formOrJsonBody, validateBody(SecondStepSchema), async (c) => {
      const pending = c.get('pendingSignIn');
      if (!pending) return expired(c);
      const limited = await throttleIdentity(services, c, action, counterOf(pending.userId));
      if (limited) return limited;
      const { code, volver } = c.req.valid('json');
      // six digits are the app's code; anything else may be a recovery code
      const compact = code.replace(/\s/g, '');
      const app = /^\d{6}$/.test(compact);
      const proved = app
        ? await checkTotp(db(), pending.userId, compact, clock)
        : await useRecoveryCode(db(), pending.userId, code);
      if (!proved) {
        c.get('log').info({ event: 'login_second_factor_failed', userId: pending.userId }, 'código del segundo paso rechazado');
        return c.json(fieldError('code', secondFactorMessages.wrongCode), 422);
      }
      return signedIn(c, pending.userId, volver, app ? 'app' : 'codigo-de-recuperacion');
    }),
  );

  app.post(routerPath('segundoPasoLlaveOpciones'), perIp, async (c) => {
    const pending = c.get('pendingSignIn');
    if (!pending) return expired(c);
    const options = await passkeyAuthenticationOptions(passkeyCeremony(db(), rp, pending));
    if (!options) return c.json({ message: 'Tu cuenta no tiene llaves de acceso: usa tu app o un código de recuperación.' }, 404);
    return c.json(options, 200, { 'Cache-Control': 'no-store' });
  });

  app.post(
    routerPath('segundoPasoLlave'),
    perIp,
    ...factory.createHandlers(jsonBody, validate('json', SecondStepPasskeySchema), async (c) => {
      const pending = c.get('pendingSignIn');
      if (!pending) return expired(c);
      const limited = await throttleIdentity(services, c, action, counterOf(pending.userId));
      if (limited) return limited;
      const { response, volver } = c.req.valid('json');
      // the schema bounds the shape; the library checks every part of it against the challenge and the stored key
      if (!(await verifyPasskey(passkeyCeremony(db(), rp, pending), response as never))) {
        c.get('log').info({ event: 'login_second_factor_failed', userId: pending.userId }, 'llave de acceso rechazada');
        return c.json({ message: secondFactorMessages.passkeyFailed }, 422);
      }
      return signedIn(c, pending.userId, volver, 'llave');
    }),
  );
}
