import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The campaign team's account of the main e2e server (STAFF_EMAILS in playwright.config.ts). */
export const staff = { name: 'Equipo', lastName: 'Campaña', email: 'equipo@gotaagota.mx', password: 'una clave del equipo 2026' } as const;

/** The anti-forgery token of a page the API served to this request context (the shell reads the same meta tag). */
async function tokenOf(request: APIRequestContext, path = '/login'): Promise<string> {
  const html = await (await request.get(path)).text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  expect(token, 'la página trae su token anti-falsificación').toBeTruthy();
  return token!;
}

async function postJson(request: APIRequestContext, path: string, data: unknown, token: string) {
  return request.post(path, { data, headers: { 'X-CSRF-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
}

/**
 * Signs the staff account in on `request` (a context of its own), registering it on a fresh data folder (which outlives
 * a run). Signing in comes first: a success resets its throttle counter, and registering an address that is taken
 * would count against the registration limit on every test.
 */
export async function staffRequest(request: APIRequestContext): Promise<APIRequestContext> {
  const token = await tokenOf(request);
  const signedIn = await postJson(request, '/login', { email: staff.email, password: staff.password }, token);
  if (signedIn.status() === 200) return request;
  expect(signedIn.status(), await signedIn.text()).toBe(422);
  const registered = await postJson(request, '/registro', { name: staff.name, last_name: staff.lastName, email: staff.email, password: staff.password, password_confirmation: staff.password }, token);
  if (registered.status() === 201) return request;
  // another worker registered it a moment ago
  expect(registered.status(), await registered.text()).toBe(422);
  const again = await postJson(request, '/login', { email: staff.email, password: staff.password }, token);
  expect(again.status(), await again.text()).toBe(200);
  return request;
}

/** Sends a company message through the contact API, as the site's dialog does. */
export async function sendCompanyMessage(request: APIRequestContext, message: { empresa: string; name: string; email: string; mensaje: string }): Promise<void> {
  const res = await postJson(request, '/contacto-empresa', message, await tokenOf(request, '/'));
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * The id of the newest lead whose company matches `company`, as the inbox lists it (GET /panel?q=, page object
 * `Panel/Bandeja`), through a staff-signed `request`.
 */
export async function leadIdOf(request: APIRequestContext, company: string): Promise<string> {
  const res = await request.get(`/panel?q=${encodeURIComponent(company)}`, { headers: { 'X-Inertia': 'true', Accept: 'application/json' } });
  expect(res.status(), 'la bandeja (GET /panel) responde').toBe(200);
  const page = (await res.json()) as { props: { leads: { id: string; empresa: string | null }[] } };
  const lead = page.props.leads.find((item) => item.empresa === company);
  expect(lead, `la bandeja lista «${company}»`).toBeTruthy();
  return lead!.id;
}

/** Signs in through the login page (the page is wherever the visitor was sent to sign in). */
/**
 * Signs a browser page in as the staff account (through its context's request, which shares the page's cookies) and
 * opens the home page, signed in.
 */
export async function signInAsStaff(page: Page): Promise<void> {
  await staffRequest(page.request);
  await page.goto('/');
  // under 800 px the greeting is in the closed drawer: in the page, not visible
  await expect(page.getByText(`Hola, ${staff.name}`).first()).toBeAttached();
}

export async function signInOnPage(page: Page): Promise<void> {
  await page.getByLabel('Correo / Usuario').fill(staff.email);
  await page.getByLabel('Contraseña').fill(staff.password);
  await page.getByLabel('Contraseña').press('Enter');
}
