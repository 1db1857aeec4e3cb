import { count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaLimits, type MediaImage, type ValidationErrorBody } from '@gota/shared/contracts';
import type { Database } from '../../db/database';
import { mediaImages, mediaVariants } from '../../db/schema';
import { Browser } from '../../testing/browser';
import { testApp } from '../../testing/test-app';
import { uploadMedia } from '../../testing/uploads';
import { testDatabase, testDatabaseKind } from '../../testing/test-database';
import { mediaStore } from './media-store';
import { processUpload, uploadMessages } from './process-upload';
import { hasGps, phonePhoto, pngBomb, renamedExecutable, svgImage, truncatedJpeg } from '../../testing/test-images';
import type { AppEnv } from '../../types';

let database: Database;
let app: Hono<AppEnv>;
/** What the stub of the app's role check answers (the app wires the real one). */
let mayUpload = true;
let photo: Buffer;

beforeAll(async () => {
  database = await testDatabase();
  ({ app } = testApp({ database, canUploadMedia: () => mayUpload }));
  photo = await phonePhoto(1800, 1350);
});
afterAll(() => database.close());
beforeEach(() => {
  mayUpload = true;
});

const origin = 'http://localhost:3000';

function patch(browser: Browser, id: string, body: unknown): Promise<Response> {
  return browser.request(`/api/media/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: {
      Origin: origin,
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-CSRF-TOKEN': browser.fillToken(),
    },
  });
}

const errorsOf = async (res: Response) => ((await res.json()) as ValidationErrorBody).errors;

const storedRows = async () => ({
  images: (await database.use().select({ n: count() }).from(mediaImages))[0]!.n,
  variants: (await database.use().select({ n: count() }).from(mediaVariants))[0]!.n,
});

describe(`photos on ${testDatabaseKind}`, () => {
  it('makes an upload into its variants, answers the photo, and serves each file for ever', async () => {
    const browser = new Browser(app);
    const res = await uploadMedia(browser, photo, 'escuela-lluvia.jpg', {
      alt: 'Niñas junto al tanque de agua de lluvia',
      focalX: '0.5',
      focalY: '0.25',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const image = (await res.json()) as MediaImage;
    expect(image).toMatchObject({
      width: 1350,
      height: 1800,
      alt: 'Niñas junto al tanque de agua de lluvia',
      decorative: false,
      focal: { x: 0.5, y: 0.25 },
    });
    expect(new Set(image.variants.map((variant) => `${variant.role} ${variant.format}`))).toEqual(
      new Set([
        'full avif',
        'full webp',
        'full jpeg',
        'card avif',
        'card webp',
        'card jpeg',
        'page avif',
        'page webp',
        'page jpeg',
        'share jpeg',
      ]),
    );
    const [row] = await database
      .use()
      .select({ originalName: mediaImages.originalName })
      .from(mediaImages)
      .where(eq(mediaImages.id, image.id));
    expect(row?.originalName).toBe('escuela-lluvia.jpg');

    const anonymous = new Browser(app);
    for (const variant of image.variants) {
      const file = await anonymous.get(variant.url);
      expect(file.status, variant.url).toBe(200);
      expect(file.headers.get('Content-Type')).toBe(`image/${variant.format}`);
      expect(file.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(file.headers.get('ETag')).toMatch(/^"[0-9a-f]{64}"$/);
      expect(file.headers.get('Set-Cookie')).toBeNull();
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBe(variant.bytes);
      const metadata = await sharp(bytes).metadata();
      // the phone's EXIF (its GPS with it) is gone; the photo was turned upright before
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: variant.width, height: variant.height });
    }
    const [first] = image.variants;
    const etag = (await anonymous.get(first!.url)).headers.get('ETag')!;
    const again = await anonymous.get(first!.url, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(hasGps((await sharp(photo).metadata()).exif!)).toBe(true);
  });

  it('takes an upload sent with an Idempotency-Key (the site’s http client sends one with every POST), and answers a resend with the first answer', async () => {
    const browser = new Browser(app);
    // each send draws its own multipart boundary, as a browser does when the http client sends the form again
    const send = () => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(photo)]), 'clave.jpg');
      return browser.request('/api/media', {
        method: 'POST',
        body: form,
        headers: { Origin: origin, 'X-CSRF-TOKEN': browser.fillToken(), 'Idempotency-Key': 'a'.repeat(32) },
      });
    };
    const first = await send();
    expect(first.status).toBe(201);
    const image = (await first.json()) as MediaImage;
    const before = await storedRows();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await again.json()) as MediaImage).id).toBe(image.id);
    expect(await storedRows()).toEqual(before);
    // another photo under the same key is another submission: refused, nothing stored
    const other = new FormData();
    other.set('file', new Blob([new Uint8Array(await truncatedJpeg())]), 'otra.jpg');
    const reused = await browser.request('/api/media', {
      method: 'POST',
      body: other,
      headers: { Origin: origin, 'X-CSRF-TOKEN': browser.fillToken(), 'Idempotency-Key': 'a'.repeat(32) },
    });
    expect(reused.status).toBe(422);
    expect(await storedRows()).toEqual(before);
  });

  it('answers 404 in Spanish for a file that does not exist', async () => {
    const browser = new Browser(app);
    const image = (await (await uploadMedia(browser, photo, 'a.jpg')).json()) as MediaImage;
    const name = image.variants[0]!.url.split('/').pop()!;
    for (const address of [
      `/media/${image.id}/${name.replace(/\.[0-9a-f]{12}\./, '.000000000000.')}`,
      `/media/00000000-0000-4000-8000-000000000000/${name}`,
      `/media/no-es-un-id/${name}`,
      `/media/${image.id}/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const res = await browser.get(address);
      expect(res.status, address).toBe(404);
      expect(await res.json()).toEqual({ message: 'No encontramos esa foto.' });
    }
  });

  it('refuses each bad file with a Spanish message on the file field, writing nothing', async () => {
    const browser = new Browser(app);
    const before = await storedRows();
    const cases: [string, Buffer, number, string][] = [
      ['foto.jpg', renamedExecutable(), 415, uploadMessages.notAnImage],
      ['logo.png', svgImage(), 415, 'No aceptamos imágenes SVG. Sube una imagen JPEG, PNG, WebP o AVIF.'],
      ['cortada.jpg', await truncatedJpeg(), 422, uploadMessages.damaged],
      ['bomba.png', pngBomb(), 422, uploadMessages.tooManyPixels],
    ];
    for (const [name, bytes, status, message] of cases) {
      const res = await uploadMedia(browser, bytes, name);
      expect(res.status, name).toBe(status);
      expect(await res.json(), name).toEqual({ message, errors: { file: [message] } });
    }
    expect(await storedRows()).toEqual(before);
  });

  it('refuses a body over 20 MB with 413 before reading it, and keeps the 64 KB limit on every other route', async () => {
    const browser = new Browser(app);
    const res = await uploadMedia(browser, Buffer.alloc(mediaLimits.bytes + 100 * 1024, 0xff), 'enorme.jpg');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: uploadMessages.tooLarge });
    const big = await browser.post('/login', { email: 'a'.repeat(70 * 1024), password: 'x' });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'El contenido enviado es demasiado grande.' });
  });

  it('asks for a file and checks the other fields', async () => {
    const browser = new Browser(app);
    const none = await browser.request('/api/media', {
      method: 'POST',
      body: new FormData(),
      headers: { Origin: origin, 'X-CSRF-TOKEN': browser.fillToken() },
    });
    expect(none.status).toBe(422);
    expect((await errorsOf(none)).file).toEqual(['Elige una foto para subir (campo «file»)']);
    const json = await browser.post('/api/media', { file: 'foto.jpg' });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({
      message: 'Envía la foto como formulario (Content-Type: multipart/form-data) en el campo «file».',
    });
    const broken = await browser.request('/api/media', {
      method: 'POST',
      body: '--limite\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nsin final',
      headers: { Origin: origin, 'Content-Type': 'multipart/form-data; boundary=limite', 'X-CSRF-TOKEN': browser.fillToken() },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      message: 'El formulario de la foto llegó incompleto o mal formado. Vuelve a subirla.',
    });
    const outside = await uploadMedia(browser, photo, 'a.jpg', { focalX: '1.5' });
    expect(outside.status).toBe(422);
    expect((await errorsOf(outside)).focalX).toEqual(['El punto focal va de 0 a 1 en cada eje']);
    const both = await uploadMedia(browser, photo, 'a.jpg', { alt: 'Un tanque', decorative: 'true' });
    expect(both.status).toBe(422);
    expect((await errorsOf(both)).alt).toEqual([
      'Una foto decorativa no lleva texto alternativo: quita el texto o desmarca «decorativa»',
    ]);
  });

  it('answers 403 in Spanish to whoever the app does not let upload, and 419 without the anti-forgery token', async () => {
    const browser = new Browser(app);
    const image = (await (await uploadMedia(browser, photo, 'a.jpg')).json()) as MediaImage;
    mayUpload = false;
    const before = await storedRows();
    for (const res of [
      await uploadMedia(browser, photo, 'b.jpg'),
      await patch(browser, image.id, { alt: 'Otro texto' }),
      await browser.get(`/api/media/${image.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Tu cuenta no puede subir ni cambiar fotos.' });
    }
    expect(await storedRows()).toEqual(before);
    mayUpload = true;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(photo)]), 'c.jpg');
    const forged = await browser.request('/api/media', {
      method: 'POST',
      body: form,
      headers: { Origin: 'https://otro-sitio.example' },
    });
    expect(forged.status).toBe(403);
    const tokenless = await new Browser(app).request(`/api/media/${image.id}`, {
      method: 'PATCH',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Origin: origin },
    });
    expect(tokenless.status).toBe(419);
  });

  it('sets the alt text or the decorative mark, one excluding the other', async () => {
    const browser = new Browser(app);
    const image = (await (await uploadMedia(browser, photo, 'a.jpg')).json()) as MediaImage;
    expect(image).toMatchObject({ alt: null, decorative: false });
    const decorative = await patch(browser, image.id, { decorative: true });
    expect(await decorative.json()).toMatchObject({ alt: null, decorative: true });
    const described = await patch(browser, image.id, { alt: '  Un tanque de ferrocemento  ' });
    expect(await described.json()).toMatchObject({ alt: 'Un tanque de ferrocemento', decorative: false });
    for (const [body, field] of [
      [{ decorative: true, alt: 'Texto' }, 'alt'],
      [{}, 'form'],
      [{ focal: { x: -0.1, y: 0.5 } }, 'focal'],
      [{ alt: 'a'.repeat(201) }, 'alt'],
    ] as const) {
      const res = await patch(browser, image.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(await errorsOf(res)), JSON.stringify(body)).toEqual([field]);
    }
    const read = await browser.get(`/api/media/${image.id}`, { Accept: 'application/json' });
    expect(read.headers.get('Cache-Control')).toBe('no-store');
    expect(await read.json()).toEqual({ ...image, alt: 'Un tanque de ferrocemento' });
    expect((await browser.get('/api/media/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const unknown = await patch(browser, '00000000-0000-4000-8000-000000000000', { alt: 'Nada' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No encontramos esa foto.' });
  });

  it('makes the crops again for a new focal point, under new addresses; the uncropped files stay', async () => {
    const browser = new Browser(app);
    const image = (await (await uploadMedia(browser, photo, 'a.jpg', { focalX: '0.5', focalY: '0' })).json()) as MediaImage;
    const page = (of: MediaImage) => of.variants.find((variant) => variant.role === 'page' && variant.format === 'jpeg')!;
    const pixels = async (of: MediaImage) =>
      sharp(Buffer.from(await (await browser.get(page(of).url)).arrayBuffer()))
        .raw()
        .toBuffer();
    const top = await pixels(image);
    const res = await patch(browser, image.id, { focal: { x: 0.5, y: 1 } });
    expect(res.status).toBe(200);
    const moved = (await res.json()) as MediaImage;
    expect(moved.focal).toEqual({ x: 0.5, y: 1 });
    const urls = (of: MediaImage, full: boolean) =>
      of.variants
        .filter((variant) => (variant.role === 'full') === full)
        .map((variant) => variant.url)
        .sort();
    expect(urls(moved, true)).toEqual(urls(image, true));
    const before = urls(image, false);
    const after = urls(moved, false);
    expect(after).toHaveLength(before.length);
    expect(after.filter((url) => before.includes(url))).toEqual([]);
    // the old crops are gone with their rows; the new ones are served
    expect((await browser.get(before[0]!)).status).toBe(404);
    expect((await browser.get(after[0]!)).status).toBe(200);
    // the 16:9 crop of an upright portrait: at the top, the red band; at the bottom, green
    expect(top[0]).toBeGreaterThan(150);
    expect((await pixels(moved))[0]).toBeLessThan(100);
  });

  it('writes an image and its variants in one transaction: a failing variant leaves no row', async () => {
    const processed = await processUpload(photo, { focalX: 0.5, focalY: 0.5 });
    const before = await storedRows();
    // two files with one name: the second insert of the variants fails after the image's row was written
    const broken = { ...processed, variants: [...processed.variants, processed.variants[0]!] };
    await expect(
      mediaStore(database).create({ upload: broken, originalName: 'x.jpg', focal: { x: 0.5, y: 0.5 }, createdBy: null }),
    ).rejects.toThrow();
    expect(await storedRows()).toEqual(before);
  });
});
