import sharp from 'sharp';
import { pngChunk } from '../../scripts/png-chunk.mjs';

// Files for the photo pipeline's tests, made here rather than kept in the repository: good photos and each kind of
// bad file issue #41 item 4 names.

/** Whether EXIF data holds a GPS block (its pointer, tag 0x8825, little-endian as sharp writes it). */
export const hasGps = (exif: Buffer): boolean => exif.includes(Buffer.from([0x25, 0x88]));

/**
 * A photo as a phone takes it: a JPEG `width`×`height` as stored, with EXIF saying it is to be turned a quarter (the
 * phone was held upright: it shows `height`×`width`), and where it was taken (GPS).
 */
export async function phonePhoto(width = 2000, height = 1500): Promise<Buffer> {
  // a band on the left of the stored pixels: once turned upright, it is along the top
  const band = await sharp({ create: { width: Math.round(width / 4), height, channels: 3, background: '#d22' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .composite([{ input: band, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Teléfono de prueba' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 4200/100', GPSLongitudeRef: 'W', GPSLongitude: '99/1 7/1 3000/100' },
    })
    .toBuffer();
}

/** A PNG with transparency. */
export function transparentPng(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** An executable (a Windows one's first bytes) given a photo's name by whoever uploads it. */
export const renamedExecutable = (): Buffer =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 0x90)]);

/** An SVG: an image that can carry script. */
export const svgImage = (): Buffer =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script><rect width="400" height="300" fill="#2a6"/></svg>',
  );

/** A JPEG cut in half, as an interrupted copy leaves it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A decompression bomb: a few bytes whose PNG header claims `side`×`side` pixels (10 gigapixels by default). */
export function pngBomb(side = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const emptyDeflate = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', emptyDeflate),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
