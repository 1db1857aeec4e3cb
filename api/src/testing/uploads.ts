import type { Browser } from './browser';

/**
 * Sends a file to `/api/media` as the panel's file pickers do: multipart, from the site's page, with the anti-forgery
 * token; `fields` are the form's other fields (`uso`, `alt`, `decorative`, a focal point).
 */
export function uploadMedia(
  browser: Browser,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  return browser.request('/api/media', {
    method: 'POST',
    body: form,
    headers: { Origin: 'http://localhost:3000', Accept: 'application/json', 'X-CSRF-TOKEN': browser.fillToken() },
  });
}
