import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaLimits } from '@gota/shared/contracts';
import {
  cropVariants,
  logoMessages,
  MediaRefusal,
  processUpload,
  svgLogoProblem,
  uploadMessages,
  type EncodedVariant,
} from './process-upload';
import {
  hasGps,
  phonePhoto,
  pngBomb,
  renamedExecutable,
  svgImage,
  transparentPng,
  truncatedJpeg,
} from '../../testing/test-images';

const centre = { focalX: 0.5, focalY: 0.5 };

async function refusal(bytes: Buffer): Promise<MediaRefusal> {
  const error: unknown = await processUpload(bytes, centre).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof MediaRefusal)) throw new Error(`se esperaba un rechazo, no ${String(error)}`);
  return error;
}

const summary = (variants: EncodedVariant[]) =>
  variants.map(({ role, format, width, height }) => `${role} ${format} ${width}×${height}`);

describe('processUpload', () => {
  it('turns a phone photo upright, removes its EXIF and GPS, and makes every shape at every width it can fill', async () => {
    const original = await phonePhoto(2000, 1500);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGps(before.exif!)).toBe(true);
    const { width, height, variants, source } = await processUpload(original, centre);
    // stored 2000×1500 with «turn a quarter»: an upright 1500×2000
    expect({ width, height }).toEqual({ width: 1500, height: 2000 });
    expect(summary(variants).sort()).toEqual(
      [
        // 1500 wide: no 1600 (nothing is enlarged)
        'full avif 480×640',
        'full webp 480×640',
        'full avif 768×1024',
        'full webp 768×1024',
        'full avif 1200×1600',
        'full webp 1200×1600',
        'full jpeg 1200×1600',
        'card avif 480×360',
        'card webp 480×360',
        'card avif 768×576',
        'card webp 768×576',
        'card jpeg 768×576',
        'page avif 480×270',
        'page webp 480×270',
        'page avif 768×432',
        'page webp 768×432',
        'page avif 1200×675',
        'page webp 1200×675',
        'page jpeg 1200×675',
        'share jpeg 1200×630',
      ].sort(),
    );
    for (const variant of [...variants, { bytes: source, format: 'jpeg' }]) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif, 'sin EXIF (ni GPS)').toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.format === 'heif' ? 'avif' : metadata.format).toBe(variant.format);
    }
    // upright: the red band the phone stored on the left is now along the top
    const full = variants.find((variant) => variant.role === 'full' && variant.format === 'jpeg')!;
    const { data } = await sharp(full.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150); // top-left: red
    expect(data[full.width * (full.height - 1) * 3]).toBeLessThan(100); // bottom-left: green
  });

  it('names every file by its content: the same bytes, the same name; another crop, another name', async () => {
    const photo = await transparentPng(1300, 900);
    const first = await processUpload(photo, centre);
    for (const variant of first.variants)
      expect(variant.name).toMatch(
        new RegExp(`^${variant.role}-${variant.width}\\.${variant.sha256.slice(0, 12)}\\.${variant.format}$`),
      );
    const crops = await cropVariants(first.source, { x: 0, y: 0 });
    expect(crops.map((variant) => variant.role)).not.toContain('full');
    expect(summary(crops).sort()).toEqual(summary(first.variants.filter((variant) => variant.role !== 'full')).sort());
  });

  it('keeps a small photo at its own size', async () => {
    const { variants } = await processUpload(await transparentPng(300, 200), centre);
    expect(summary(variants).sort()).toEqual(
      [
        'card avif 267×200',
        'card jpeg 267×200',
        'card webp 267×200',
        'full avif 300×200',
        'full jpeg 300×200',
        'full webp 300×200',
        'page avif 300×169',
        'page jpeg 300×169',
        'page webp 300×169',
        'share jpeg 300×158',
      ].sort(),
    );
  });

  it('accepts JPEG, PNG, WebP and AVIF, by their content', async () => {
    const pixels = sharp({ create: { width: 640, height: 480, channels: 3, background: '#357' } });
    for (const bytes of [
      await pixels.clone().jpeg().toBuffer(),
      await pixels.clone().png().toBuffer(),
      await pixels.clone().webp().toBuffer(),
      await pixels.clone().avif().toBuffer(),
    ]) {
      expect((await processUpload(bytes, centre)).width).toBe(640);
    }
  });

  it('refuses what is not a photo it takes, with a message in Spanish', async () => {
    expect(await refusal(renamedExecutable())).toMatchObject({ status: 415, message: uploadMessages.notAnImage });
    expect(await refusal(svgImage())).toMatchObject({
      status: 415,
      message: 'No aceptamos imágenes SVG. Sube una imagen JPEG, PNG, WebP o AVIF.',
    });
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refusal(gif)).toMatchObject({ status: 415, message: uploadMessages.format('gif') });
    expect(await refusal(await truncatedJpeg())).toMatchObject({ status: 422, message: uploadMessages.damaged });
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ status: 422, message: uploadMessages.empty });
  });

  it('refuses a decompression bomb before decoding it, and a photo over 40 megapixels or 20 MB', async () => {
    expect(await refusal(pngBomb())).toMatchObject({ status: 422, message: uploadMessages.tooManyPixels });
    // just over the limit: 6400×6300 (40.3 megapixels) claimed by a header of a few bytes
    expect(await refusal(pngBomb(6350))).toMatchObject({ status: 422, message: uploadMessages.tooManyPixels });
    expect(await refusal(Buffer.alloc(mediaLimits.bytes + 1, 0xff))).toMatchObject({
      status: 413,
      message: uploadMessages.tooLarge,
    });
  });
});

describe('logos (decision 060)', () => {
  const svg = (inside: string, attributes = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"${attributes}>${inside}</svg>`;

  it('names code and outside references in an SVG, and lets a plain drawing through', () => {
    expect(svgLogoProblem(svg('<rect width="40" height="20" fill="url(#degradado)"/><use href="#forma"/>'))).toBeUndefined();
    expect(svgLogoProblem(svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="4" height="4"/>'))).toBeUndefined();
    for (const code of [
      svg('<script>alert(1)</script>'),
      svg('<rect/>', ' onload="alert(1)"'),
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      svg('<foreignObject><p>hola</p></foreignObject>'),
    ]) {
      expect(svgLogoProblem(code), code).toBe(logoMessages.svgCode);
    }
    for (const outside of [
      svg('<image href="https://rastreo.example/p.png"/>'),
      svg('<image xlink:href="file:///etc/passwd"/>'),
      svg('<style>@import "https://fuentes.example/a.css";</style>'),
      svg('<rect fill="url(https://x.example/p.svg#a)"/>'),
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`,
    ]) {
      expect(svgLogoProblem(outside), outside).toBe(logoMessages.svgExternal);
    }
  });

  it('draws an SVG logo as pixels, in the uncropped shape only, and refuses an SVG photo', async () => {
    const drawing = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="286"><rect width="400" height="286" fill="#0a5"/></svg>',
    );
    const logo = await processUpload(drawing, { focalX: 0.5, focalY: 0.5, logo: true });
    // drawn at twice the 400 px a logo is shown at
    expect(logo.width).toBe(800);
    expect(new Set(logo.variants.map((variant) => variant.role))).toEqual(new Set(['full']));
    expect(new Set(logo.variants.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    await expect(processUpload(drawing, { focalX: 0.5, focalY: 0.5 })).rejects.toMatchObject({ status: 415 });
  });
});
