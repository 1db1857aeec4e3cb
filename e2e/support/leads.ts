import type { APIRequestContext, Page } from '@playwright/test';
import { expect, postJson, staff, staffRequest, tokenOf } from './fixtures';

import { finishSignInOnPage } from './second-factor';

export { staff, staffRequest } from './fixtures';

/** Sends a company message through the contact API, as the site's dialog does. */
export async function sendCompanyMessage(
  request: APIRequestContext,
  message: { empresa: string; name: string; email: string; mensaje: string },
): Promise<void> {
  const res = await postJson(request, '/contacto-empresa', message, await tokenOf(request));
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * The id of the newest lead whose company matches `company`, as the inbox lists it (GET /panel?q=, page object
 * `Panel/Bandeja`), through a staff-signed `request`.
 */
export async function leadIdOf(request: APIRequestContext, company: string): Promise<string> {
  const res = await request.get(`/panel?q=${encodeURIComponent(company)}`, {
    headers: { 'X-Inertia': 'true', Accept: 'application/json' },
  });
  expect(res.status(), 'la bandeja (GET /panel) responde').toBe(200);
  const page = (await res.json()) as { props: { leads: { id: string; empresa: string | null }[] } };
  const lead = page.props.leads.find((item) => item.empresa === company);
  expect(lead, `la bandeja lista «${company}»`).toBeTruthy();
  return lead!.id;
}

/**
 * Sends a company message (`sendCompanyMessage`; a sender and a «Hola.» where the test names none) and answers the id
 * of the lead it became, read as the staff.
 */
export async function newLead(
  request: APIRequestContext,
  { empresa, ...rest }: { empresa: string; name?: string; email?: string; mensaje?: string },
): Promise<string> {
  const message = { name: 'Sofía Ramírez', email: `contacto.${Date.now()}@example.com`, mensaje: 'Hola.', ...rest };
  await sendCompanyMessage(request, { empresa, ...message });
  return leadIdOf(await staffRequest(request), empresa);
}

/**
 * Signs in through the login page (the page is wherever the visitor was sent to sign in), then through the second
 * factor of the staff account (decision 055), and the page opens where it was going.
 */
export async function signInOnPage(page: Page): Promise<void> {
  await sendStaffPassword(page);
  await finishSignInOnPage(page);
}

/** The sign-in's first step only: the staff account's email and password sent from the login page. */
export async function sendStaffPassword(page: Page): Promise<void> {
  await page.getByLabel('Correo / Usuario').fill(staff.email);
  await page.getByLabel('Contraseña').fill(staff.password);
  await page.getByLabel('Contraseña').press('Enter');
}
