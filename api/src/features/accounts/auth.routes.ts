import type { Context, Hono } from 'hono';
import { resetRedirectSeconds, signOutFailedMessage } from '@gota/shared/contracts';
import { routeTable, routerPath } from '@gota/shared/routes';
import { safeReturnPath } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { answerPath, nativeForm, seeOther, type NativeAnswerProps } from '../../pages/native-forms';
import { throttle } from '../../security/throttle';
import type { AppEnv, PageStatus } from '../../types';
import { accountPages, errorPages, type AccountProps, type AccountRoute } from '../pages';
import { login, logout, register } from './auth.handlers';
import { requestRecovery, resetPassword } from './recovery.handlers';
import { registerSecondStepRoutes } from './second-step.handlers';

/**
 * The account endpoints of product §10.1. The GET of each path is its page (features/pages); these are the POSTs, each
 * behind a per-IP throttle, then its handlers' body step and validation (architecture §4). A script posts JSON and gets
 * JSON; a browser without JavaScript posts the same form urlencoded and gets a page or a 303 (`nativeForm`, decision
 * 043), through the same throttles, schema and handler.
 *
 * @example
 * registerAuthRoutes(app, services)
 */
export function registerAuthRoutes(app: Hono<AppEnv>, services: AppServices): void {
  const { env, database, ip } = services;
  const perIp = (action: string) =>
    throttle({ database, action, limit: env.THROTTLE_IP_LIMIT, windowSeconds: env.THROTTLE_WINDOW_SECONDS, ip });
  const account = accountPages({ appUrl: env.appUrl });
  /** The page of `route` answering its form: what the answer adds (`props`), and what else the page reads (`extra`). */
  const pageOf =
    <R extends AccountRoute>(
      route: R,
      extra: (c: Context<AppEnv>, sent: Record<string, string>) => Omit<AccountProps<R>, keyof NativeAnswerProps>,
    ) =>
    (c: Context<AppEnv>, props: NativeAnswerProps, status: PageStatus, sent: Record<string, string>) =>
      // the answer's props and `extra` are the page's props together; TypeScript does not follow that for a generic page
      account(c, route, { ...props, ...extra(c, sent) } as AccountProps<R>, status);

  // sign-in: where the script navigates (`volver` when the server accepted it, else the home page); a refused one keeps
  // the identity typed, the box ticked and where to go after, never the password
  const signInPage = pageOf('auth', (_c, sent) => ({ returnTo: safeReturnPath(sent.volver) }));
  app.post(
    routerPath('auth'),
    nativeForm({ page: signInPage, success: (c, answer) => seeOther(c, answerPath(answer)), keep: ['email', 'remember'] }),
    perIp('login'),
    ...login(services),
  );
  registerSecondStepRoutes(app, services);
  app.post(
    routerPath('registro'),
    nativeForm({
      page: pageOf('registro', (_c, sent) => ({ returnTo: safeReturnPath(sent.volver) })),
      success: (c, answer) => seeOther(c, answer.url),
      keep: ['name', 'last_name', 'email'],
    }),
    perIp('registro'),
    ...register(services),
  );
  const failedSignOut = errorPages({ appUrl: env.appUrl });
  app.post(
    routerPath('logout'),
    nativeForm({
      page: (c, _props, status) => failedSignOut(c, signOutFailedMessage, status),
      success: (c, answer) => seeOther(c, answer.url),
    }),
    logout(services),
  );
  // recovery: the page again with the one message, whether or not the account exists (the JSON answer is that too)
  const recoveryPage = pageOf('recuperarContrasena', () => ({}));
  app.post(
    routerPath('recuperarContrasena'),
    nativeForm({
      page: recoveryPage,
      success: (c, answer) => recoveryPage(c, { notice: String(answer.message) }, 200, {}),
      keep: ['email'],
    }),
    perIp('recuperar'),
    ...requestRecovery(services),
  );
  // reset: the page with the countdown of product §8, and the browser itself goes to sign in when it ends (`Refresh`,
  // which needs no script); a refused one keeps nothing (both fields are passwords)
  // (the route's path always has the token: `?? ''` only tells TypeScript so)
  const resetPage = pageOf('resetearContrasenaPost', (c) => ({ token: c.req.param('token') ?? '' }));
  app.post(
    routerPath('resetearContrasenaPost'),
    nativeForm({
      page: resetPage,
      success: (c, answer) => {
        const next = safeReturnPath(answer.url) ?? routeTable.auth;
        c.header('Refresh', `${resetRedirectSeconds}; url=${next}`);
        return resetPage(c, { notice: String(answer.message) }, 200, {});
      },
    }),
    // the same counter as recovery: both are steps of one flow
    perIp('recuperar'),
    ...resetPassword(services),
  );
}
