// The photo pipeline (issue #41 items 4 and 8): api/scripts/media-bench.ts makes a 12-megapixel JPEG into every variant
// three times in a process of its own and prints its figures as one JSON line.
import { runJsonScript } from './processes.mjs';

/**
 * `latest.json`'s `media` (and bench/results/media.json).
 * @typedef {object} MediaResult
 * @property {number} megapixels of the generated photo
 * @property {number} inputBytes its JPEG's size
 * @property {number} variants files made from it
 * @property {number} variantBytes their total size
 * @property {number[]} runsMs each run, upload to the last variant
 * @property {number} medianMs the median of the runs: the figure the budget reads
 * @property {number} loadAverage the machine's 1-minute load when it ended
 * @property {number} cores
 */

/** @returns {Promise<MediaResult>} */
export function mediaPass() {
  return runJsonScript('media-bench');
}

/** @param {MediaResult} result */
export function mediaMarkdown(result) {
  return [
    '| Foto | JPEG | Archivos hechos | Su peso | Corridas (ms) | Mediana (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| ${result.megapixels} MP | ${(result.inputBytes / 2 ** 20).toFixed(1)} MB | ${result.variants} | ${Math.round(result.variantBytes / 1024)} KB | ${result.runsMs.join(' / ')} | **${result.medianMs}** |`,
  ].join('\n');
}
