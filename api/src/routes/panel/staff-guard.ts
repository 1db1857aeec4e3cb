import type { Context, MiddlewareHandler } from 'hono';
import { inertiaHeaders, type Seo } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { sentWithoutScript } from '../../pages/native-forms';

const staffMessages = {
  signIn: 'Inicia sesión con una cuenta del equipo de campaña para continuar.',
  forbidden: 'Tu cuenta no tiene acceso a la bandeja del equipo de campaña.',
} as const;

/** The sign-in address that brings the visitor back to this request's page. */
function signInPathFor(c: Context): string {
  const url = new URL(c.req.url);
  return `${route('auth')}?${new URLSearchParams({ volver: `${url.pathname}${url.search}` }).toString()}`;
}

/**
 * Guards everything under /panel (issue #13 row 2): an anonymous visitor is sent to sign in and brought back; a
 * signed-in account that is not in STAFF_EMAILS gets 403 with a Spanish page (JSON for a script's actions; a form sent
 * without JavaScript is answered like a page, decision 043); no answer under /panel is ever stored by a browser or a
 * proxy.
 */
export function staffOnly({ seo }: { seo: (c: Context, title: string, description: string) => Seo }): MiddlewareHandler {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const user = c.get('authUser');
    // a form the browser posted without JavaScript (a lead's actions) is answered as a page is: a redirect, or a page
    const native = sentWithoutScript(c);
    const isPage = c.req.method === 'GET' || c.req.method === 'HEAD' || native;
    if (!user) {
      if (!isPage) return c.json({ message: staffMessages.signIn }, 401, { 'Cache-Control': 'no-store' });
      // an action's address is no page to come back to: the inbox is
      if (native) return c.redirect(`${route('auth')}?${new URLSearchParams({ volver: route('panel') }).toString()}`, 303);
      const location = signInPathFor(c);
      // a navigation of the shell follows a 409 with X-Inertia-Location by loading that address in full
      if (c.req.header(inertiaHeaders.inertia) === 'true') return c.body(null, 409, { [inertiaHeaders.location]: location, 'Cache-Control': 'no-store' });
      return c.redirect(location, 302);
    }
    if (!user.staff) {
      if (!isPage || c.req.path === '/panel/exportar.csv') return c.json({ message: staffMessages.forbidden }, 403, { 'Cache-Control': 'no-store' });
      const response = await c.var.page('Panel/SinAcceso', { seo: seo(c, 'Sin acceso | Gota a Gota', staffMessages.forbidden) }, { status: 403 });
      response.headers.set('Cache-Control', 'no-store');
      return response;
    }
    await next();
    // a signed-in visitor's page is `private, no-store` already; an export or an action is not a page: no-store for all
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
