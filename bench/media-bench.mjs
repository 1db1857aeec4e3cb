#!/usr/bin/env node
// The photo pipeline's bench alone (issue #41 item 8): `node bench/media-bench.mjs`. Makes a generated 12-megapixel JPEG
// into every variant (AVIF and WebP at each width of each shape, the JPEG fallbacks), three times, and reports the
// median; writes bench/results/media.{json,md}. `npm run bench` runs the same pass (skip it with --no-media).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mediaMarkdown, mediaPass } from './lib/media.mjs';

const result = await mediaPass();
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const conditions = `${new Date().toISOString()} · ${result.cores} núcleos · carga media ${result.loadAverage} · Node ${process.version}`;
writeFileSync(path.join(resultsDir, 'media.json'), `${JSON.stringify({ conditions, result }, null, 2)}\n`);
const markdown = `# Fotos: una de 12 megapíxeles en todas sus variantes\n\n${conditions}\n\n${mediaMarkdown(result)}\n\nPresupuesto: mediana ≤ 5000 ms.\n`;
writeFileSync(path.join(resultsDir, 'media.md'), markdown);
console.log(markdown);
