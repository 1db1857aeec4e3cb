import type { Context, MiddlewareHandler } from 'hono';
import type { Seo } from '@gota/shared/contracts';
import { routerPath } from '@gota/shared/routes';
import { askToSignIn, teamGate } from '../../features/accounts';
import type { AppEnv } from '../../types';

const notOnTeam = 'Tu cuenta no forma parte del equipo de campaña.';

/**
 * Guards everything under /panel (issue #13 row 2, decision 051): an anonymous visitor is sent to sign in and brought
 * back; a signed-in account that holds no role of the team gets 403 with a Spanish page (JSON for a script's actions; a
 * form sent without JavaScript is answered like a page, decision 043); no answer under /panel is ever stored by a
 * browser or a proxy. Each part of the panel then asks for its own role with `requireRole` (features/accounts/roles.ts), whose
 * refusal page is rendered with the SEO this guard puts on the request. A person with a role is sent to set up a second
 * factor first (decision 055): «Seguridad de la cuenta» is the one panel page open before it — and to any signed-in
 * account with a factor, so one taken off the team can still manage it.
 */
export function staffOnly({
  seo,
}: {
  seo: (c: Context<AppEnv>, title: string, description: string) => Seo;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.set('panelSeo', (title, description) => seo(c, title, description));
    const security = c.req.path === routerPath('panelSeguridad') || c.req.path.startsWith(`${routerPath('panelSeguridad')}/`);
    if (security) {
      if (!c.get('authUser')) return askToSignIn(c);
      if (c.get('authUser')?.staff !== true && c.get('session')?.hasFactor !== true)
        return (await teamGate(c, 'any', notOnTeam)) ?? undefined;
    } else {
      const refused = await teamGate(c, 'any', notOnTeam);
      if (refused) return refused;
    }
    await next();
    // a signed-in visitor's page is `private, no-store` already; an export or an action is not a page: no-store for all
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
