import type { Locator, Page } from '@playwright/test';
import { phonePhoto, pngBomb, renamedExecutable, svgImage, truncatedJpeg } from '../../api/src/testing/test-images';
import { expect, test } from '../support/fixtures';
import { describeStory, openStoryPreview, publishButton, publishStory } from '../support/panel';
import { expectNoAxeViolations, heading, openLive } from '../support/site';

// A story with a photo (issue #41 item 4): an editor uploads it in the editor (file picker), writes its alt text, sets
// its focal point, previews and publishes; a visitor sees it drawn with <picture> and srcset on the story's page, in
// /historias, on the home page, in the search and in the feed. The files the server refuses are refused through the
// same field, each with its Spanish message.

// the server's refusals are answers of 413, 415 and 422: the browser prints each one
test.use({ expectedConsoleErrors: /Failed to load resource: the server responded with a status of 4(13|15|22)/ });

const stamp = Date.now();

/** Chooses a file with the field's «Elegir una foto» button, as a person does (the browser's file chooser). */
async function choosePhoto(page: Page, field: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: new RegExp(`^(Elegir una|Cambiar) foto \\(${field}\\)$`) }).click(),
  ]);
  await chooser.setFiles(file);
}

const photoStatus = (page: Page) => page.getByRole('status', { name: 'Foto: Imagen principal' });

async function expectPicture(picture: Locator) {
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/media\/[0-9a-f-]{36}\/\w+-480\.[0-9a-f]{12}\.avif 480w/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('sizes', /.+/);
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  // the browser drew one of the files
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test('an editor publishes a story with an uploaded photo, and a visitor sees it drawn for every screen', async ({
  page,
  browser,
  signIn,
}) => {
  test.setTimeout(150_000);
  const title = `El huerto que riega la lluvia ${stamp}`;
  const slug = `el-huerto-que-riega-la-lluvia-${stamp}`;
  const alt = `Niñas regando un huerto con agua de un tinaco ${stamp}`;
  await signIn();
  await openLive(page, '/panel/historias/nueva');
  const form = page.getByRole('form', { name: 'Campos de la historia' });
  await form.getByRole('textbox', { name: 'Título' }).fill(title);
  // a title alone is a draft: it saves itself
  await expect(page.getByText(/Guardado a las \d{1,2}:\d{2}/)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/panel\/historias\/[0-9a-f-]{36}$/);
  // «Publicar» names what is missing, and publishes nothing
  await publishButton(page).click();
  await expect(page.getByText(/^Para publicar falta completar: .*Resumen.*Imagen principal/)).toBeVisible();

  await choosePhoto(page, 'Imagen principal', {
    name: 'huerto.jpg',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto(2400, 1600),
  });
  await expect(photoStatus(page)).toHaveText('Foto subida. Haz clic en la foto para elegir su punto focal.', { timeout: 30_000 });
  await form.getByRole('textbox', { name: /^Texto alternativo de la foto/ }).fill(alt);
  // the focal point: a click on the photo, then the arrow keys on the point
  const point = form.getByRole('button', { name: /^Punto focal:/ });
  const preview = point.locator('xpath=..');
  const box = (await preview.boundingBox())!;
  await preview.click({ position: { x: box.width * 0.3, y: box.height * 0.4 } });
  await expect(point).toBeFocused();
  await point.press('ArrowDown');
  await expect(photoStatus(page)).toHaveText(/^Punto focal guardado: 30 % desde la izquierda, 45 % desde arriba\.$/, {
    timeout: 15_000,
  });
  // the field with its photo, its point, its crops and its alt text: nothing axe finds
  await expectNoAxeViolations(page);

  await form
    .getByRole('textbox', { name: /^Imagen de fondo: dirección/ })
    .fill('/img/historias/cerveceria-eficiencia-hidrica-fondo.svg');
  await describeStory(form, {
    visibleDate: '28 de noviembre de 2026',
    summary: 'Una secundaria de Oaxaca riega su huerto con la lluvia que junta en un tinaco.',
    tag: 'huertos',
  });
  await page.getByRole('textbox', { name: 'Texto de la historia' }).click();
  await page.keyboard.type(`El tinaco se llena en dos tormentas. Regadera ${stamp}.`);
  await expect(page.getByText(/Guardado a las \d{1,2}:\d{2}/)).toBeVisible({ timeout: 15_000 });
  // what the field looks like, on a phone and a desktop, light and dark (tall windows: the site's header stays out)
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.body.classList.toggle('dark', on), dark);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 2400 });
      // the field's frame: its label, hint, drop zone and photo (the file input sits in the drop zone)
      await form
        .locator('#historia-img')
        .locator('xpath=../..')
        .screenshot({ path: test.info().outputPath(`foto-en-el-editor-${width}${dark ? '-oscuro' : ''}.png`) });
    }
  }
  await page.evaluate(() => document.body.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 900 });

  // the preview draws the photo as visitors will see it
  const previewTab = await openStoryPreview(page, title);
  await expectPicture(previewTab.locator('article header picture'));
  await previewTab.close();

  await publishStory(page);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/historias/${slug}`);
  await expect(heading(visitor, title)).toBeVisible();
  const hero = visitor.locator('article header picture');
  await expectPicture(hero);
  await expect(hero.locator('img')).toHaveAttribute('alt', alt);
  // the share card named in the Open Graph tags was made at publication: a 1200×630 PNG
  const card = await visitor.locator('meta[property="og:image"]').getAttribute('content');
  expect(card).toMatch(new RegExp(`/historias/${slug}/tarjeta-[0-9a-f]{12}\\.png$`));
  const cardAnswer = await visitor.request.get(new URL(card!).pathname);
  expect(cardAnswer.headers()['content-type']).toBe('image/png');

  await visitor.goto('/historias');
  await expectPicture(visitor.getByRole('article', { name: title }).locator('picture'));
  await visitor.goto('/');
  await expect(visitor.locator(`picture img[alt="${alt}"]`).first()).toBeAttached();
  await visitor.goto(`/buscar?q=regadera+${stamp}`);
  await expect(visitor.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  expect(await (await visitor.request.get('/historias/feed.xml')).text()).toContain(title);
  await visitorContext.close();
});

test('the photo field refuses what is not a photo, each with the server’s Spanish message', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn();
  await openLive(page, '/panel/historias/nueva');
  const cases: [string, { name: string; mimeType: string; buffer: Buffer }, RegExp][] = [
    [
      'a renamed program',
      { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: renamedExecutable() },
      /^Ese archivo no es una foto\./,
    ],
    ['an SVG', { name: 'dibujo.svg', mimeType: 'image/svg+xml', buffer: svgImage() }, /^No aceptamos imágenes SVG\./],
    [
      'a cut file',
      { name: 'cortada.jpg', mimeType: 'image/jpeg', buffer: await truncatedJpeg() },
      /^La foto está dañada o incompleta\./,
    ],
    [
      'a decompression bomb',
      { name: 'bomba.png', mimeType: 'image/png', buffer: pngBomb() },
      /^La foto tiene más de 40 megapíxeles/,
    ],
    // over 20 MB: said at once, before sending it
    [
      'a file too heavy',
      { name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(21 * 1024 * 1024, 0xff) },
      /^La foto pesa más de 20 MB/,
    ],
  ];
  const field = page.getByRole('form', { name: 'Campos de la historia' });
  for (const [what, file, message] of cases) {
    await test.step(what, async () => {
      await choosePhoto(page, 'Imagen principal', file);
      await expect(field.locator('#historia-img-error'), what).toHaveText(new RegExp(`Error: ${message.source.slice(1)}`));
    });
  }
  await expect(field.getByRole('button', { name: /^Punto focal/ })).toHaveCount(0);
});
