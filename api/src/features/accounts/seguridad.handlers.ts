import type { Context, Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { fieldError, genericErrorMessage, secondFactorMessages, type SeguridadPageProps, type Seo } from '@gota/shared/contracts';
import { route, routerPath } from '@gota/shared/routes';
import { FactorCodeSchema, PasskeyParamsSchema, PasskeyRegistrationSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { nativeForm, seeOther, type NativeAnswerProps } from '../../pages/native-forms';
import type { CurrentSession } from './sessions';
import { identityKey, resetCounter, throttle, throttleIdentity } from '../../security/throttle';
import { sha256 } from '../../security/tokens';
import { formOrJsonBody, jsonBody, validate, validateBody } from '../../security/validation';
import {
  checkTotp,
  factorCount,
  factorsOf,
  logFactorChange,
  markProved,
  newRecoveryCodes,
  passkeyCeremony,
  passkeyRegistrationOptions,
  pendingTotp,
  registerPasskey,
  relyingPartyOf,
  removePasskey,
  removeTotp,
  useRecoveryCode,
} from './second-factor';
import type { AppEnv, PageStatus } from '../../types';

export interface SeguridadDeps {
  services: AppServices;
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
}

const factory = createFactory<AppEnv>();
const action = 'segundo-factor';
const counterOf = (userId: string) => `cuenta:${userId}`;

function sessionOf(c: Context<AppEnv>): CurrentSession {
  const session = c.get('session');
  if (!session) throw new Error('la guardia del panel debe ir antes de «Seguridad de la cuenta»');
  return session;
}

/**
 * «Seguridad de la cuenta» (`/panel/seguridad`, decision 055): set up the authenticator app (its secret as text and as a
 * QR code made here), add and remove named passkeys, make a new set of recovery codes (with a code of the app or a
 * recovery code), see how many remain. The first factor set up also proves this session's second factor and makes the
 * first recovery codes, shown once. The app's and the codes' forms work without JavaScript (decision 043); passkeys
 * need it. Registered after the panel's guard, which lets a person with a role and no factor reach this page only.
 */
export function registerSeguridadRoutes(app: Hono<AppEnv>, { services, seo }: SeguridadDeps): void {
  const { env, database, ip, clock } = services;
  const rp = relyingPartyOf(env.appUrl);
  const db = () => database.use();
  const perIp = throttle({
    database,
    action: 'seguridad',
    limit: env.THROTTLE_IP_LIMIT,
    windowSeconds: env.THROTTLE_WINDOW_SECONDS,
    ip,
  });

  async function page(c: Context<AppEnv>, extra: Partial<SeguridadPageProps> = {}, status: PageStatus = 200): Promise<Response> {
    const session = sessionOf(c);
    const factors = await factorsOf(db(), session.userId);
    const setup = factors.totp ? null : await pendingTotp(db(), { id: session.userId, email: session.email });
    const props: SeguridadPageProps = {
      ...factors,
      setup: setup && { secret: setup.secret, qrSvg: setup.qrSvg },
      required: session.roles.length > 0 && !session.secondFactor,
      freshCodes: null,
      ...extra,
    };
    const response = await c.var.page(
      'Panel/Seguridad',
      {
        ...props,
        seo: seo(
          c,
          'Seguridad de la cuenta | Panel | Gota a Gota',
          'El segundo factor de tu cuenta: app de autenticación, llaves de acceso y códigos de recuperación.',
        ),
      },
      { status },
    );
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }

  // a form sent without JavaScript gets this page again: with the refusal's message, or with what the change made
  const refusedPage = (c: Context<AppEnv>, props: NativeAnswerProps, status: PageStatus) =>
    page(c, { errors: props.errors ?? { form: genericErrorMessage } }, status);
  const answeredPage = (c: Context<AppEnv>, answer: Record<string, unknown>) =>
    page(c, {
      notice: typeof answer.message === 'string' ? answer.message : null,
      freshCodes: Array.isArray(answer.codes) ? (answer.codes as string[]) : null,
    });
  const native = nativeForm({
    page: refusedPage,
    success: answeredPage,
    line: (_status, message) => message ?? genericErrorMessage,
  });

  /** After the first factor: this session proved it, the change is logged, and the first recovery codes are made. */
  async function enrolled(c: Context<AppEnv>, session: CurrentSession, message: string) {
    const codes = await db().transaction(async (tx) => {
      await markProved(tx, sha256(session.id));
      await logFactorChange(tx, session, 'factor-activado');
      const { recoveryLeft } = await factorsOf(tx, session.userId);
      return recoveryLeft === 0 ? newRecoveryCodes(tx, session.userId) : null;
    });
    await resetCounter(db(), identityKey(action, counterOf(session.userId)));
    // the rest of this request (the page a form without JavaScript gets) sees the session as it is now
    c.set('session', { ...session, hasFactor: true, secondFactor: true });
    c.get('log').info({ event: 'second_factor_added', userId: session.userId }, 'segundo factor activado');
    return c.json({ message, codes }, 201);
  }

  /**
   * A form that takes a code (the app's, or a recovery code), sent with or without JavaScript: `answer` gets it without
   * its spaces once the account's counter lets it through. `requiresProof`: only for a session that proved its factor.
   */
  const codeForm = (
    answer: (c: Context<AppEnv>, session: CurrentSession, code: string) => Promise<Response>,
    { requiresProof = false } = {},
  ) =>
    factory.createHandlers(formOrJsonBody, validateBody(FactorCodeSchema), async (c) => {
      const session = sessionOf(c);
      if (requiresProof && !session.secondFactor) return c.json({ message: secondFactorMessages.required }, 403);
      const limited = await throttleIdentity(services, c, action, counterOf(session.userId));
      if (limited) return limited;
      return answer(c, session, c.req.valid('json').code.replace(/\s/g, ''));
    });

  app.get(routerPath('panelSeguridad'), (c) => page(c));

  app.post(
    routerPath('panelSeguridadApp'),
    native,
    perIp,
    ...codeForm(async (c, session, code) => {
      if (!(await checkTotp(db(), session.userId, code, clock, true))) {
        return c.json(fieldError('code', secondFactorMessages.wrongSetupCode), 422);
      }
      return enrolled(c, session, 'Listo: tu app de autenticación quedó activada.');
    }),
  );

  app.post(routerPath('panelSeguridadAppQuitar'), native, async (c) => {
    const session = sessionOf(c);
    const { totp } = await factorsOf(db(), session.userId);
    if (totp && (await factorCount(db(), session.userId)) <= 1) return c.json({ message: secondFactorMessages.lastFactor }, 422);
    await db().transaction(async (tx) => {
      if ((await removeTotp(tx, session.userId)) && totp) await logFactorChange(tx, session, 'factor-quitado');
    });
    return c.json({ message: totp ? 'Quitaste la app de autenticación.' : 'Se descartó la clave sin confirmar.' });
  });

  app.post(
    routerPath('panelSeguridadCodigos'),
    native,
    perIp,
    ...codeForm(
      async (c, session, code) => {
        const proved = /^\d{6}$/.test(code)
          ? await checkTotp(db(), session.userId, code, clock)
          : await useRecoveryCode(db(), session.userId, code);
        if (!proved) return c.json(fieldError('code', secondFactorMessages.wrongCode), 422);
        await resetCounter(db(), identityKey(action, counterOf(session.userId)));
        const codes = await db().transaction((tx) => newRecoveryCodes(tx, session.userId));
        c.get('log').info({ event: 'recovery_codes_renewed', userId: session.userId }, 'códigos de recuperación nuevos');
        return c.json({ message: 'Tus códigos de recuperación nuevos están abajo. Los anteriores ya no sirven.', codes }, 201);
      },
      { requiresProof: true },
    ),
  );

  app.post(routerPath('panelSeguridadLlavesOpciones'), async (c) => {
    const session = sessionOf(c);
    const options = await passkeyRegistrationOptions(passkeyCeremony(db(), rp, session), session);
    return c.json(options, 200, { 'Cache-Control': 'no-store' });
  });

  app.post(
    routerPath('panelSeguridadLlaves'),
    perIp,
    ...factory.createHandlers(jsonBody, validate('json', PasskeyRegistrationSchema), async (c) => {
      const session = sessionOf(c);
      const { name, response } = c.req.valid('json');
      // the schema bounds the shape; the library checks the rest against the challenge this session was given
      if (!(await registerPasskey(passkeyCeremony(db(), rp, session), name, response as never))) {
        return c.json({ message: 'No se pudo registrar la llave de acceso. Vuelve a intentarlo.' }, 422);
      }
      return enrolled(c, session, `Listo: la llave «${name}» quedó registrada.`);
    }),
  );

  const noKey = (c: Context<AppEnv>) => c.json({ message: 'Esa llave ya no está.' }, 404);
  app.post(
    routerPath('panelSeguridadLlaveQuitar'),
    nativeForm({
      page: refusedPage,
      success: (c) => seeOther(c, route('panelSeguridad')),
      line: (_status, message) => message ?? genericErrorMessage,
    }),
    ...factory.createHandlers(validate('param', PasskeyParamsSchema, noKey), async (c) => {
      const session = sessionOf(c);
      if ((await factorCount(db(), session.userId)) <= 1) return c.json({ message: secondFactorMessages.lastFactor }, 422);
      const removed = await db().transaction(async (tx) => {
        const gone = await removePasskey(tx, session.userId, c.req.valid('param').id);
        if (gone) await logFactorChange(tx, session, 'factor-quitado');
        return gone;
      });
      return removed ? c.json({ message: 'Quitaste la llave de acceso.' }) : noKey(c);
    }),
  );
}
