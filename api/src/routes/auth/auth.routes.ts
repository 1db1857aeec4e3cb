import type { Hono } from 'hono';
import { routerPath } from '@gota/shared/routes';
import type { AppServices } from '../../app-services';
import { throttle } from '../../security/throttle';
import { login, logout, register } from './auth.handlers';
import { requestRecovery, resetPassword } from './recovery.handlers';

/**
 * The account endpoints of product §10.1, JSON in and out. The GET of each path is its page
 * (routes/pages); these are the POSTs, each behind a per-IP throttle, then its handlers' JSON step and validation
 * (architecture §4).
 *
 * @example
 * registerAuthRoutes(app, services)
 */
export function registerAuthRoutes(app: Hono, services: AppServices): void {
  const { env, database, ip } = services;
  const perIp = (action: string) =>
    throttle({ database, action, limit: env.THROTTLE_IP_LIMIT, windowSeconds: env.THROTTLE_WINDOW_SECONDS, ip });

  app.post(routerPath('auth'), perIp('login'), ...login(services));
  app.post(routerPath('registro'), perIp('registro'), ...register(services));
  app.post(routerPath('logout'), logout(services));
  app.post(routerPath('recuperarContrasena'), perIp('recuperar'), ...requestRecovery(services));
  // the same counter as recovery: both are steps of one flow
  app.post(routerPath('resetearContrasenaPost'), perIp('recuperar'), ...resetPassword(services));
}
