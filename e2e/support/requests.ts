import { expect, type APIRequestContext } from '@playwright/test';

/**
 * An anti-forgery token for this request context, as the contact dialogs get one when they open (`GET /csrf-token`):
 * signed by the server and bound to the double-submit cookie the answer sets (decision 040).
 */
export async function tokenOf(request: APIRequestContext): Promise<string> {
  const token = (await request.get('/csrf-token')).headers()['x-csrf-token'];
  expect(token, 'el servidor entrega un token anti-falsificación').toBeTruthy();
  return token!;
}

export async function postJson(request: APIRequestContext, path: string, data: unknown, token: string) {
  return request.post(path, {
    data,
    headers: { 'X-CSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
}
