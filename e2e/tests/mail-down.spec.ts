import { startSmtpSink } from '../../api/src/testing/smtp-sink.mjs';
import { expect, test } from '../support/fixtures';
import { mailDownMetricsToken, ports } from '../support/servers';

// Issue #13 rows 6–7: the mail server is down when a company writes; the notification waits in the outbox and
// arrives once when the server comes back. The server of this project retries every second or two
// (MAIL_RETRY_SECONDS in playwright.config.ts) where production waits 30 s, 2 min, 10 min…

/** Undoes quoted-printable (soft line breaks, =XX as UTF-8), enough to read a company's name in a raw message. */
const unquote = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

test('a notification sent while the mail server was down arrives once when it is back', async ({ page, request }) => {
  const empresa = `Lluvia Tardía ${Date.now()}`;
  await page.goto('/example');
  await page.getByRole('button', { name: 'Abrir empresa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Súmate como empresa' });
  await dialog.getByLabel('Empresa').fill(empresa);
  await dialog.getByLabel('Nombre').fill('Inés');
  await dialog.getByLabel('Correo').fill(`lluvia.${Date.now()}@example.com`);
  await dialog.getByLabel('Mensaje').fill('Queremos sumarnos aunque el correo esté caído.');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  // the visitor is answered at once: the mail is the outbox's business
  await expect(page.getByRole('status').filter({ hasText: 'Mensaje enviado con éxito.' })).toBeVisible();

  // the server tried, found no mail server and scheduled a retry
  const metric = async (line: RegExp) => {
    const text = await (await request.get('/metrics', { headers: { Authorization: `Bearer ${mailDownMetricsToken}` } })).text();
    return Number(line.exec(text)?.[1] ?? 0);
  };
  const retried = () => metric(/gota_mail_total\{outcome="retried"\} (\d+)/);
  await expect.poll(retried, { message: 'un intento fallido de enviar la notificación' }).toBeGreaterThan(0);

  // the mail server comes up
  const smtp = await startSmtpSink({ port: ports.mailDownSmtp, encoding: 'latin1' });
  const received = () => smtp.received.map(unquote);
  try {
    const notifications = () => received().filter((raw) => raw.includes(empresa));
    await expect.poll(() => notifications().length, { timeout: 15_000, message: 'la notificación llega' }).toBe(1);
    expect(notifications()[0]).toMatch(/^To: equipo@gotaagota\.test$/m);
    // and stays one: once the outbox has nothing left to send, no second copy can come
    const pending = () => metric(/gota_mail_outbox_rows\{status="pendiente"\} (\d+)/);
    await expect.poll(pending, { timeout: 15_000, message: 'el buzón de salida queda vacío' }).toBe(0);
    expect(notifications()).toHaveLength(1);
  } finally {
    await smtp.close();
  }
});
