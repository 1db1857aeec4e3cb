/**
 * Generates the site's raster images from code, so nothing is copied from elsewhere and the output is reproducible:
 *   node api/scripts/make-images.mjs
 * - /img/azul.jpg (768×576): the blue water texture that the home hero's ripple canvas refracts, and its WebP
 *   siblings /img/azul-480.webp and /img/azul-768.webp, the ones browsers pick (a third of the bytes on a phone, where
 *   the texture is the largest thing the first view paints). They need `cwebp` (Debian package `webp`); without it
 *   the script says so and leaves the committed ones alone.
 * - /img/compartir.png (1200×630): the default share image (brand-blue gradient with a drop).
 * Pure JavaScript (jpeg-js, zlib), no randomness: running it twice writes the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { pngChunk } from './png-chunk.mjs';

const imgDir = path.resolve(import.meta.dirname, '../public/img');

const clamp = (value) => Math.max(0, Math.min(255, Math.round(value)));
const mix = (a, b, t) => a + (b - a) * t;

/** Layered sine waves at several angles and scales: reads as light on moving water, and tiles nowhere visibly. */
function waterHeight(x, y) {
  const layers = [
    [0.021, 0.013, 0.0, 1.0],
    [-0.011, 0.027, 1.7, 0.7],
    [0.043, -0.031, 4.2, 0.45],
    [0.067, 0.052, 2.9, 0.3],
    [-0.091, 0.083, 5.5, 0.18],
  ];
  let sum = 0;
  let weight = 0;
  for (const [fx, fy, phase, amp] of layers) {
    sum += amp * Math.sin(x * fx + y * fy + phase + 0.9 * Math.sin(y * fx * 0.5 - x * fy * 0.5));
    weight += amp;
  }
  return sum / weight; // −1…1
}

/** The texture's pixels (RGBA) at `width` × three quarters of it, the same picture at any size. */
function azulPixels(width) {
  const height = (width * 3) / 4;
  const scale = 768 / width;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const h = waterHeight(x * scale, y * scale);
      // caustics: bright thin lines where the height crosses zero
      const caustic = Math.pow(1 - Math.min(1, Math.abs(h) * 4), 3);
      const depth = y / height;
      const i = (y * width + x) * 4;
      data[i] = clamp(mix(18, 6, depth) + 40 * h + 120 * caustic);
      data[i + 1] = clamp(mix(120, 78, depth) + 45 * h + 110 * caustic);
      data[i + 2] = clamp(mix(200, 160, depth) + 35 * h + 60 * caustic);
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

function makeAzul() {
  return jpeg.encode(azulPixels(768), 82).data;
}

/** The texture as WebP at `width` pixels, through a PAM file that cwebp reads; false when cwebp is missing. */
function writeAzulWebp(width) {
  const { data, height } = azulPixels(width);
  const work = mkdtempSync(path.join(tmpdir(), 'gota-azul-'));
  try {
    const pam = path.join(work, 'azul.pam');
    const header = `P7\nWIDTH ${width}\nHEIGHT ${height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
    writeFileSync(pam, Buffer.concat([Buffer.from(header, 'ascii'), data]));
    execFileSync('cwebp', ['-quiet', '-q', '70', '-m', '6', pam, '-o', path.join(imgDir, `azul-${width}.webp`)]);
    return true;
  } catch (error) {
    if (error.code === 'ENOENT') return false;
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A truecolour PNG from a pixel function (r, g, b of 0…255). */
function encodePng(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = clamp(r);
      raw[row + 2 + x * 3] = clamp(g);
      raw[row + 3 + x * 3] = clamp(b);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signed distance-ish test for a drop: a circle with a pointed top (union of circle and triangle). */
function dropCoverage(x, y, cx, cy, r) {
  const dx = x - cx;
  const dy = y - cy;
  const inCircle = Math.hypot(dx, dy) - r;
  // the tip at cy − 2r: its sides are the tangents to the circle, touching it at cy − r/2, ±0.866 r
  const top = cy - 2 * r;
  const touch = cy - r / 2;
  let inTip = Infinity;
  if (y <= touch && y >= top) {
    const halfWidth = (r * 0.866 * (y - top)) / (touch - top);
    inTip = Math.abs(dx) - halfWidth;
  }
  const distance = Math.min(inCircle, inTip);
  return Math.max(0, Math.min(1, 0.5 - distance)); // one pixel of anti-aliasing
}

function makeCompartir() {
  const width = 1200;
  const height = 630;
  const top = [11, 92, 173]; // --color-primary
  const bottom = [8, 50, 100];
  return encodePng(width, height, (x, y) => {
    const t = (y / height) * 0.8 + (x / width) * 0.2;
    const wave = 0.5 + 0.5 * waterHeight(x * 0.6, y * 0.6);
    let rgb = top.map((c, i) => mix(c, bottom[i], t) + 14 * wave);
    const drop = dropCoverage(x, y, 600, 390, 125);
    const shine = dropCoverage(x, y, 555, 420, 28) * 0.55;
    rgb = rgb.map((c) => mix(c, 255, drop * 0.92));
    rgb = rgb.map((c, i) => mix(c, [120, 190, 255][i], shine));
    return rgb;
  });
}

writeFileSync(path.join(imgDir, 'azul.jpg'), makeAzul());
writeFileSync(path.join(imgDir, 'compartir.png'), makeCompartir());
if (![480, 768].every(writeAzulWebp))
  console.log('Sin cwebp (apt-get install webp): las versiones WebP de azul.jpg no se tocaron.');
console.log('Imágenes escritas en', imgDir);
