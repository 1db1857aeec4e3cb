import type { Hono } from 'hono';
import { routerPath } from '@gota/shared/routes';
import type { AppServices } from '../../app-services';
import { throttle } from '../../security/throttle';
import { submitContact } from './contact.handlers';
import type { AppEnv } from '../../types';

/**
 * POST /contacto-empresa (product §7), behind the per-IP throttle.
 *
 * @example
 * registerContactRoutes(app, services)
 */
export function registerContactRoutes(app: Hono<AppEnv>, services: AppServices): void {
  const { env, database, ip } = services;
  app.post(
    routerPath('contacto'),
    throttle({ database, action: 'contacto', limit: env.THROTTLE_IP_LIMIT, windowSeconds: env.THROTTLE_WINDOW_SECONDS, ip }),
    ...submitContact(services),
  );
}
