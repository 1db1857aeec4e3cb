import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { route, type RemoteName } from '@gota/shared/routes';
import type { Database } from '../../db/database';
import { previewBannerHtml } from '../../pages/document';
import { describeError } from '../../db/errors';
import { hmac, safeEqual } from '../../security/tokens';
import { hasRole } from '../accounts';
import { pinnedOf } from './release-follower';
import { releaseSnapshot, type ReleaseSnapshot } from '../../render/release-snapshot';
import { remoteOfFolder } from './release-set';
import { findRelease, type ReleaseRow } from './release-store';
import type { AppEnv } from '../../types';

/** A preview lasts this long; the operator starts another from the panel after it (decision 044). */
const previewMinutes = 60;

/** What a preview cookie says: whose browser, which remote's release, until when. */
export interface PreviewClaim {
  remote: string;
  release: string;
  /** The account that started it: the cookie is worth nothing to another one. */
  userId: string;
  /** Milliseconds since the epoch. */
  expires: number;
}

/** The preview this request is answered with. */
export interface ActivePreview {
  remote: string;
  release: string;
}

/** `__Host-` when cookies are Secure, as the session's (security/cookies.ts). */
export function previewCookieName(secure: boolean): string {
  return secure ? '__Host-gota-preview' : 'gota-preview';
}

/** A purpose of its own in the signature: no other signed value of the site can pass for a preview. */
const signed = (secret: string, payload: string) => hmac(secret, `vista-previa\n${payload}`);

/** The cookie's value: the claim as base64url JSON, a dot, its HMAC with SESSION_SECRET. */
export function previewCookieValue(secret: string, claim: PreviewClaim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${signed(secret, payload)}`;
}

/** The claim of a cookie whose signature is right and that has not expired; null for anything else. */
export function readPreviewCookie(secret: string, value: string, now = Date.now()): PreviewClaim | null {
  const [payload, signature, ...rest] = value.split('.');
  if (!payload || !signature || rest.length > 0 || !safeEqual(signature, signed(secret, payload))) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<PreviewClaim>;
    if (
      typeof claim.remote !== 'string' ||
      typeof claim.release !== 'string' ||
      typeof claim.userId !== 'string' ||
      typeof claim.expires !== 'number'
    )
      return null;
    return claim.expires > now ? (claim as PreviewClaim) : null;
  } catch {
    return null;
  }
}

/** The page a preview of a remote opens on: its own first page (the panel's inbox for mf-auth, whose staff use it; the stories' list for mf-content). */
function previewLanding(remote: RemoteName): string {
  const landing: Record<RemoteName, string> = {
    mf_home: route('index'),
    mf_stories: route('blog'),
    mf_allies: route('aliados'),
    mf_campaign: route('quienes-somos'),
    mf_auth: route('panel'),
    mf_content: route('panelHistorias'),
  };
  return landing[remote];
}

/**
 * The banner of a previewed release (`previewBannerHtml`); a plain form ends the preview, with or without the page's
 * scripts.
 */
export function previewBanner(preview: ActivePreview): string {
  return previewBannerHtml(
    'Vista previa de una versión',
    `Vista previa: ${preview.remote} ${preview.release}`,
    `<form method="post" action="${route('vistaPreviaSalir')}" style="margin:0"><button type="submit" style="font:inherit;color:#1a1a1a;background:#fff;border:2px solid #1a1a1a;border-radius:999px;padding:.25rem .9rem;min-height:44px;cursor:pointer">Salir de la vista previa</button></form>`,
  );
}

export interface ReleasePreviewOptions {
  database: Database;
  secret: string;
  secure: boolean;
}

/**
 * Previews of a candidate release (issue #31 item 5, decision 044). An operator's browser carries a signed, HttpOnly,
 * expiring cookie naming a remote's release; each of its requests is answered with the live set but for that remote,
 * whose release is the candidate: the registry the document carries (so the browser loads and hydrates the candidate)
 * and the code the server renders with. The candidate is never made live in this process (one live release per remote
 * name, architecture §7 trap 2): its slot is not live, so the renderer leaves it to the browser, and the rest of the
 * page is rendered on the server. A cookie that is forged, expired, of another account, or sent by someone who is not
 * an operator (an account holding «operador») is removed, and the request gets the public set.
 *
 * @example
 * const previews = releasePreview({ database, secret: env.SESSION_SECRET, secure })
 * app.use('*', previews.middleware)   // after the session, before the pages
 */
export function releasePreview({ database, secret, secure }: ReleasePreviewOptions) {
  const cookie = previewCookieName(secure);
  // one snapshot per live set and candidate, so its id, version and CSP templates are worked out once
  const snapshots = new Map<string, ReleaseSnapshot>();

  // the role «operador», read with the session (decision 051): a role taken away ends the preview on the next request
  const isOperator = (c: Context<AppEnv>) => hasRole(c, 'operador');

  function snapshotWith(base: ReleaseSnapshot, name: RemoteName, row: ReleaseRow): ReleaseSnapshot {
    const key = `${base.id}|${row.id}`;
    let snapshot = snapshots.get(key);
    if (!snapshot) {
      if (snapshots.size >= 20) snapshots.clear();
      const others = [...base.releases.values()].filter((pinned) => pinned.name !== name);
      snapshot = releaseSnapshot(base.seq, [...others, pinnedOf(name, row)]);
      snapshots.set(key, snapshot);
    }
    return snapshot;
  }

  const forget = (c: Context<AppEnv>) => deleteCookie(c, cookie, { path: '/', secure });

  /** The previewed set for this request, if its cookie holds and the release may still be previewed. */
  async function previewed(
    c: Context<AppEnv>,
  ): Promise<{ preview: ActivePreview; snapshot: ReleaseSnapshot } | 'none' | 'invalid'> {
    const value = getCookie(c, cookie);
    if (value === undefined) return 'none';
    const claim = readPreviewCookie(secret, value);
    const session = c.get('session');
    if (!claim || !isOperator(c) || session?.userId !== claim.userId) return 'invalid';
    const name = remoteOfFolder(claim.remote);
    if (!name) return 'invalid';
    // activated since (the public has it now) or refused: nothing left to preview
    const row = await findRelease(database.use(), claim.release);
    if (!row || row.remote !== claim.remote || (row.state !== 'candidata' && row.state !== 'retirada')) return 'invalid';
    return { preview: { remote: claim.remote, release: row.id }, snapshot: snapshotWith(c.get('releaseSet'), name, row) };
  }

  /** Puts the preview's set on the request, or removes a cookie that does not hold. */
  async function apply(c: Context<AppEnv>): Promise<void> {
    let outcome: Awaited<ReturnType<typeof previewed>>;
    try {
      outcome = await previewed(c);
    } catch (error) {
      // the database cannot say: the public set, and the cookie stays for when it can
      c.get('log').warn({ err: describeError(error) }, 'no se pudo leer la versión en vista previa; se atiende con la pública');
      return;
    }
    if (outcome === 'none') return;
    if (outcome === 'invalid') {
      forget(c);
      return;
    }
    c.set('releaseSet', outcome.snapshot);
    c.set('preview', outcome.preview);
  }

  return {
    isOperator,
    /** After the session (who is signed in), before the pages. */
    middleware: (async (c, next) => {
      await apply(c);
      await next();
    }) satisfies MiddlewareHandler<AppEnv>,
    /** After the request's set was read again (a navigation from a newer set): the preview is rebuilt on the new one. */
    reapply: (c: Context<AppEnv>) => (c.get('preview') ? apply(c) : Promise.resolve()),
    /** Whether the request carries a preview cookie at all (its answer is never shared, so the cookie can be removed). */
    carriesCookie: (c: Context<AppEnv>) => getCookie(c, cookie) !== undefined,
    /** Starts a preview of `release` for the operator of this request (the caller has checked both). */
    start(c: Context<AppEnv>, release: { remote: string; id: string }): void {
      const session = c.get('session');
      if (!session) throw new Error('la vista previa necesita una sesión');
      const expires = Date.now() + previewMinutes * 60_000;
      setCookie(
        c,
        cookie,
        previewCookieValue(secret, { remote: release.remote, release: release.id, userId: session.userId, expires }),
        {
          httpOnly: true,
          secure,
          sameSite: 'Lax',
          path: '/',
          maxAge: previewMinutes * 60,
        },
      );
    },
    stop: forget,
    /** The landing page of a remote's preview, by folder name. */
    landing: (folder: string) => {
      const name = remoteOfFolder(folder);
      return name ? previewLanding(name) : route('index');
    },
  };
}

export type ReleasePreview = ReturnType<typeof releasePreview>;
