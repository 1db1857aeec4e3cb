// The photo pipeline's bench (issue #41 items 4 and 8, decision 050): a 12-megapixel JPEG, as a phone's camera makes it
// (4000×3000, gradients and fine grain, EXIF with its orientation and GPS), made into every variant three times; prints
// its figures as one JSON line. Run by bench/lib/media.mjs (`npm run bench`, or `node bench/media-bench.mjs` alone).
import os from 'node:os';
import sharp from 'sharp';
import { processUpload } from '../src/features/media';

const width = 4000;
const height = 3000;
const runs = 3;

/** A photo the encoders find about as hard as a real one: smooth light over blurred grain (pure noise would be harder). */
async function cameraJpeg(): Promise<Buffer> {
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#7fb6e0"/><stop offset="0.55" stop-color="#e9dcb8"/><stop offset="1" stop-color="#3d6b3f"/></linearGradient>
      <radialGradient id="sun" cx="0.7" cy="0.25" r="0.35"><stop offset="0" stop-color="#fff6d8" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/><rect width="100%" height="100%" fill="url(#sun)"/>
    <rect x="600" y="1700" width="1400" height="900" rx="60" fill="#8a8f94"/><circle cx="2900" cy="2100" r="520" fill="#2f5a8c"/>
  </svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .blur(1.1)
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(Buffer.from(light))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 1 })
    .withExif({ IFD0: { Make: 'Banco de pruebas' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 4200/100' } })
    .toBuffer();
}

const photo = await cameraJpeg();
const times: number[] = [];
let variants = 0;
let variantBytes = 0;
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const result = await processUpload(photo, { focalX: 0.4, focalY: 0.35 });
  times.push(performance.now() - started);
  variants = result.variants.length;
  variantBytes = result.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    megapixels: (width * height) / 1e6,
    inputBytes: photo.length,
    variants,
    variantBytes,
    runsMs: times.map(Math.round),
    medianMs: Math.round(sorted[Math.floor(runs / 2)]!),
    loadAverage: Number((os.loadavg()[0] ?? 0).toFixed(2)),
    cores: os.cpus().length,
  }),
);
