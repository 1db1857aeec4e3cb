import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { releasesPath } from '@gota/shared/contracts';
import { ReleaseActivateSchema, ReleaseAddSchema, ReleaseListQuerySchema, ReleaseRollbackSchema } from '@gota/shared/schemas';
import type { AppServices } from '../../app-services';
import { jsonBody, validate } from '../../security/validation';
import { safeEqual } from '../../security/tokens';
import { BadReleaseInput } from './preflight';
import { changeView, releaseView, type ReleaseOperations } from './release-operations';
import { ReleaseConflict } from './release-store';
import type { AppEnv } from '../../types';

/** Only `Authorization: Bearer <RELEASE_TOKEN>`; anything else is refused, and the answer says no more. */
function operatorOnly(token: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!sent || !safeEqual(sent, token)) return c.json({ message: 'No autorizado.' }, 401);
    c.header('Cache-Control', 'no-store');
    return next();
  };
}

/**
 * A refusal the operator can act on, from the release command or the panel's «Versiones»: its Spanish message and a 4xx,
 * nothing changed. Anything else goes to the one error handler.
 */
export function releaseRefusal(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof BadReleaseInput) return c.json({ message: error.message }, 422);
  if (error instanceof ReleaseConflict) return c.json({ message: error.message }, 409);
  throw error;
}

/**
 * The release endpoints of `npm run release` (issue #31 item 3, decision 039). They exist only when RELEASE_TOKEN is set
 * (404 otherwise, as any unknown path), and answer only to that token. Registered before the form envelope: the
 * command is no browser, its token is its proof.
 *
 * @example
 * if (env.RELEASE_TOKEN) registerReleaseRoutes(app, services, { token: env.RELEASE_TOKEN, operations })
 */
export function registerReleaseRoutes(
  app: Hono<AppEnv>,
  { database }: AppServices,
  { token, operations }: { token: string; operations: ReleaseOperations },
): void {
  const guard = operatorOnly(token);
  const limit = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ message: 'La solicitud es demasiado grande.' }, 413) });
  app.use(releasesPath, guard, limit);
  app.use(`${releasesPath}/*`, guard, limit);
  // every operation reads or writes the releases: without the database there is nothing to do, and nothing changes
  const withDatabase: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!database.ready || database.state !== 'ok')
      return c.json({ message: 'La base de datos no está disponible: no se cambió nada. Intenta en un momento.' }, 503);
    return next();
  };

  app.get(releasesPath, withDatabase, validate('query', ReleaseListQuerySchema), async (c) => {
    try {
      const { releases, log, active } = await operations.list(c.req.valid('query').remote || undefined);
      return c.json({ active, releases: releases.map(releaseView), log: log.map(changeView) });
    } catch (error) {
      return releaseRefusal(c, error);
    }
  });

  app.post(releasesPath, withDatabase, jsonBody, validate('json', ReleaseAddSchema), async (c) => {
    try {
      const release = await operations.add(c.req.valid('json'));
      return c.json({ release: releaseView(release) }, 201);
    } catch (error) {
      return releaseRefusal(c, error);
    }
  });

  app.post(`${releasesPath}/activate`, withDatabase, jsonBody, validate('json', ReleaseActivateSchema), async (c) => {
    try {
      return c.json({ change: changeView(await operations.activate(c.req.valid('json'))) });
    } catch (error) {
      return releaseRefusal(c, error);
    }
  });

  app.post(`${releasesPath}/rollback`, withDatabase, jsonBody, validate('json', ReleaseRollbackSchema), async (c) => {
    try {
      return c.json({ change: changeView(await operations.rollback(c.req.valid('json'))) });
    } catch (error) {
      return releaseRefusal(c, error);
    }
  });
}
