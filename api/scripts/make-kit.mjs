// Builds the usage-manual archive of the Descargas page (product §2 "Downloads") from its sources in
// api/content/campaign/kit/. Run `node api/scripts/make-kit.mjs` after editing the kit and commit both.
// The output is byte-for-byte reproducible: files in a fixed order, one fixed modification time, fixed compression.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

const apiDir = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(apiDir, 'content/campaign/kit');
export const kitFileName = 'manual-de-uso-un-latido-en-cada-gota.zip';
const outFile = path.join(apiDir, 'public/files', kitFileName);
/** Everything sits in one folder inside the archive, so unzipping never scatters files. */
const rootFolder = 'manual-de-uso-un-latido-en-cada-gota';
// A zip stores local time; building the date from local parts gives the same bytes in every time zone.
const mtime = new Date(2025, 9, 1, 12, 0, 0);

function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(path.join(dir, entry.name), relative) : [relative];
    });
}

const entries = {};
for (const file of listFiles(sourceDir)) {
  entries[`${rootFolder}/${file}`] = [new Uint8Array(readFileSync(path.join(sourceDir, file))), { mtime, level: 9 }];
}
const zip = zipSync(entries, { mtime, level: 9 });
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, zip);
console.log(`${path.relative(process.cwd(), outFile)}: ${Object.keys(entries).length} archivos, ${zip.length} bytes`);
