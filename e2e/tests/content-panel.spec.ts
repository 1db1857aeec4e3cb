import { expect, test } from '../support/fixtures';
import { axeOnPanelPages } from '../support/panel';
import { openLive, restorePreviousRevision } from '../support/site';

// The campaign team changes an impact counter and a water fact from the panel (issue #42 items 2 and 3, decision 059),
// and a visitor sees them at once on the home page, /historias and /datos-agua. Other specs read the counters and the
// facts as the files have them: each change is taken back at the end by restoring the revision before it.

const stamp = Date.now();

test('an editor changes a counter and a fact, and a visitor sees both at once', async ({ page, browser, signIn }) => {
  test.setTimeout(120_000);
  await signIn();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  // the counter: a figure that is not a whole number is refused on its field, a good one is published
  await openLive(page, '/panel/contadores', 'Contadores');
  await expect(page.getByText(/Última actualización: /)).toBeVisible();
  const second = page.getByRole('group', { name: /^Contador 2/ });
  await second.getByRole('textbox', { name: 'Cifra' }).fill('-4');
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(second.getByText('La cifra no puede ser negativa.')).toBeVisible();
  const figure = String(30 + (stamp % 60));
  await second.getByRole('textbox', { name: 'Cifra' }).fill(figure);
  await second.getByRole('textbox', { name: 'Etiqueta' }).fill(`iniciativas ${stamp}`);
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('Contadores publicados: ya los ven los visitantes.')).toBeVisible();

  await visitor.goto('/');
  const impact = visitor.getByRole('region', { name: 'Nuestro impacto' });
  await expect(impact).toContainText(`${figure} iniciativas ${stamp}`);

  // the fact: the first one is written again, a word highlighted with «Resaltar», and moved down one place
  await openLive(page, '/panel/datos-agua', 'Datos del agua');
  const box = page.getByRole('textbox', { name: 'Dato 1', exact: true });
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Una regadera de bajo flujo ahorra hasta 9 litros por minuto ${stamp}`);
  for (let i = 0; i < String(stamp).length + 1 + 'minuto'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('toolbar', { name: 'Formato de dato 1' }).getByRole('button', { name: 'Resaltar' }).click();
  await expect(
    page.getByRole('toolbar', { name: 'Formato de dato 1' }).getByRole('button', { name: 'Resaltar' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Bajar el dato 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dato 1 movido a la posición 2' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dato 2', exact: true })).toContainText(String(stamp));
  await page.getByRole('button', { name: 'Guardar y publicar' }).click();
  await expect(page.getByText('Datos del agua publicados: ya los ven los visitantes.')).toBeVisible();

  await visitor.goto('/datos-agua');
  const facts = visitor.getByRole('region', { name: 'Datos sobre el agua' });
  await expect(facts.locator('mark', { hasText: `minuto ${stamp}` })).toBeVisible();
  await expect(facts.getByRole('listitem').nth(1)).toContainText(`9 litros por minuto ${stamp}`);
  await visitor.goto('/historias');
  await expect(visitor.getByText(`9 litros por minuto ${stamp}`)).toBeAttached();
  await visitorContext.close();

  // back as the files have them, for the other specs
  await restorePreviousRevision(page, 'los datos');
  await openLive(page, '/panel/contadores');
  await restorePreviousRevision(page, 'los contadores');
});

axeOnPanelPages('«Datos del agua» and «Contadores»', [
  { path: '/panel/datos-agua', title: 'Datos del agua' },
  { path: '/panel/contadores', title: 'Contadores' },
]);
