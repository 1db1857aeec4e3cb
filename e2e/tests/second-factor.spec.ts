import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from '@playwright/test';
import { anyOf, expect, postJson, refusedSubmission, staffRequest, test, tokenOf } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { expectNoAxeViolations, heading } from '../support/site';

// The second factor (issue #45 item 3, decision 055), as the campaign team lives it: an administrator invites a
// person, who creates their account, accepts, and is led to set up a second factor before the panel answers; then signs
// in again through the second step. With the authenticator app (its code computed here, as the phone would) and with a
// passkey (Chromium's virtual authenticator). And the administrator takes the person off the team in «Equipo».

const stamp = `${Date.now()}${Math.round(Math.random() * 1000)}`;
const password = 'un río que nunca se seca 2026';

/** The staff administrator invites `email` to the inbox; the invitee opens the link, creates the account and accepts. */
async function invitedMember(page: Page, admin: BrowserContext, email: string, name: string): Promise<void> {
  {
    const request = await staffRequest(admin.request);
    const invited = await postJson(request, '/panel/equipo/invitaciones', { email, roles: ['bandeja'] }, await tokenOf(request));
    expect(invited.status(), await invited.text()).toBe(201);
  }
  const mail = await waitForMail(email, /\/invitacion\//);
  const link = /https?:\/\/\S+(\/invitacion\/[^\s"<>]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByRole('link', { name: 'Crear mi cuenta' }).click();
  await expect(page).toHaveURL(/\/registro\?volver=/);
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Apellido').fill('Segura');
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Nueva contraseña').fill(password);
  await page.getByLabel('Confirmar contraseña').fill(password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await page.getByRole('button', { name: 'Aceptar la invitación' }).click();
  // the new member's first stop: the second factor, before the panel
  await expect(heading(page, 'Seguridad de la cuenta')).toBeVisible();
  await expect(page).toHaveURL(/\/panel\/seguridad$/);
}

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto('/login?volver=%2Fpanel');
  await page.getByLabel('Correo / Usuario').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Contraseña').press('Enter');
  await expect(heading(page, 'Verificación en dos pasos')).toBeVisible();
}

// the shell is sent on by 409 + X-Inertia-Location (to «Seguridad de la cuenta»), and a wrong code is a 422
test.use({
  expectedConsoleErrors: anyOf(refusedSubmission, /Failed to load resource: the server responded with a status of 409/),
});

/** The administrator's browser: the staff account, signed in on a context of its own. */
const adminContext = test.extend<{ admin: BrowserContext }>({
  admin: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    await use(context);
    await context.close();
  },
});

adminContext(
  'an invited member sets up the authenticator app, signs in with its code, and is taken off the team',
  async ({ page, admin }) => {
    test.setTimeout(120_000);
    const email = `app.${stamp}@example.com`;
    await invitedMember(page, admin, email, 'Aurora');
    await expect(page.getByText('Para abrir el panel, primero activa un segundo factor')).toBeVisible();
    await expectNoAxeViolations(page);

    // the app: its secret as text (for manual entry) and its code
    const secret = (await page.locator('code').first().innerText()).replace(/\s/g, '');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    await page.getByLabel('Código de la app').fill(totp.generate());
    await page.getByRole('button', { name: 'Activar la app' }).click();
    const codes = page
      .getByRole('status')
      .filter({ has: page.getByRole('heading', { name: 'Tus códigos de recuperación' }) })
      .getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Continuar al panel' }).click();
    await expect(heading(page, 'Bandeja')).toBeVisible();

    // again, from the start: the password, then the second step
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
    await signInWithPassword(page, email);
    await expectNoAxeViolations(page);
    await page.getByLabel('Código de tu app o de recuperación').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('El código no es válido o ya se usó').first()).toBeVisible();
    // the next step's code: the one of the set-up may still be the current one, and it was spent
    await page.getByLabel('Código de tu app o de recuperación').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(heading(page, 'Bandeja')).toBeVisible();

    // the administrator takes the person off the team in «Equipo»: the person's next request is anonymous
    const adminPage = await admin.newPage();
    await adminPage.goto('/panel/equipo');
    const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: 'Aurora Segura' }) });
    await card.getByRole('button', { name: 'Quitar del equipo' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Quitar del equipo' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Aurora Segura' })).toHaveCount(0);
    await page.goto('/panel');
    await expect(page).toHaveURL(/\/login\?volver=%2Fpanel$/);
  },
);

adminContext('an invited member adds a passkey (a virtual authenticator) and signs in with it', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = `llave.${stamp}@example.com`;
  await invitedMember(page, admin, email, 'Lucía');
  await page.getByLabel('Nombre de la llave').fill('Computadora de Lucía');
  await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
  await expect(page.getByRole('heading', { name: 'Tus códigos de recuperación' })).toBeVisible();
  await page.getByRole('link', { name: 'Ya los guardé' }).click();
  await expect(page.getByRole('heading', { name: 'Computadora de Lucía' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
  await expect(heading(page, 'Bandeja')).toBeVisible();
});
