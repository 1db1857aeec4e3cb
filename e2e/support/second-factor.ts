import { createPrivateKey } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { softPasskey } from '../../api/src/testing/soft-passkey';
import { postJson, tokenOf } from './requests';

/**
 * The second factor of the e2e's staff account (decision 055): a passkey in software with a fixed key, made for these
 * tests only (it opens nothing but the e2e's own servers). A passkey, not the app: every worker signs in as that one
 * account at once, and an app's code works once — a passkey that keeps no counter can sign any number of times.
 */
const staffKey = createPrivateKey({
  key: {
    kty: 'EC',
    crv: 'P-256',
    x: 'gX2yk1zzH5FGA50txWFqlw_40AYIigwlcpF2fXygmdQ',
    y: 'R_D54O0GqnEjHmsSmMul_Mwiv5CqnaG7tMXQu_YBz3U',
    d: 'b6BAwmxPZ8yF6mfvr7IdOAp50usPpItRA1rDaow2FmQ',
  },
  format: 'jwk',
});
const staffPasskey = (origin: string) =>
  softPasskey(origin, { credentialId: Buffer.from('gota-e2e-llave-del-equipo'), privateKey: staffKey });

/** The token the answer handed over (a new session binds a new one), or one asked for now. */
async function tokenAfter(request: APIRequestContext, answer: APIResponse): Promise<string> {
  return answer.headers()['x-csrf-token'] ?? tokenOf(request);
}

/** The second step with the staff passkey, on a context whose password step is done; answers where it leads. */
async function passkeyStep(request: APIRequestContext, origin: string, token: string, volver?: string): Promise<string> {
  const options = await postJson(request, '/login/segundo-paso/llave/opciones', {}, token);
  expect(options.status(), await options.text()).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  const signed = await postJson(
    request,
    '/login/segundo-paso/llave',
    { response: staffPasskey(origin).sign(challenge), ...(volver ? { volver } : {}) },
    token,
  );
  expect(signed.status(), await signed.text()).toBe(200);
  return ((await signed.json()) as { url: string }).url;
}

/**
 * After a staff sign-in with the password (`answer`, of POST /login or /registro): the second step when the account has
 * its passkey, or — the first time on a fresh data folder — the passkey's set-up in «Seguridad de la cuenta». When
 * another worker set it up a moment before, this session turned into the second step's: it signs in again.
 */
export async function staffSecondFactor(
  request: APIRequestContext,
  answer: APIResponse,
  credentials: { email: string; password: string },
): Promise<void> {
  const origin = new URL(answer.url()).origin;
  const token = await tokenAfter(request, answer);
  if (((await answer.json()) as { secondStep?: boolean }).secondStep) {
    await passkeyStep(request, origin, token);
    return;
  }
  const options = await postJson(request, '/panel/seguridad/llaves/opciones', {}, token);
  if (options.status() === 200) {
    const { challenge } = (await options.json()) as { challenge: string };
    const added = await postJson(
      request,
      '/panel/seguridad/llaves',
      { name: 'Llave de las pruebas', response: staffPasskey(origin).register(challenge) },
      token,
    );
    if (added.status() === 201) return;
  }
  const again = await postJson(request, '/login', credentials, await tokenOf(request));
  expect(again.status(), await again.text()).toBe(200);
  await passkeyStep(request, origin, await tokenAfter(request, again));
}

/**
 * Ends on `page` a sign-in whose password the page sent (it is on the second step's page): the step is done through the
 * page's own cookies, and the page then opens where the step leads (`?volver=`).
 */
export async function finishSignInOnPage(page: Page): Promise<void> {
  await page.waitForURL(/\/login\/segundo-paso/);
  const url = new URL(page.url());
  const next = await passkeyStep(
    page.request,
    url.origin,
    await tokenOf(page.request),
    url.searchParams.get('volver') ?? undefined,
  );
  await page.goto(next);
}
