// Command-line options of `npm run bench`. Defaults measure everything (the protocol); the flags only exist to
// shorten a run while working on the bench itself or on one page.
import { photoStoryPath } from './photo-story.mjs';

/** Every page route of the site (issue #7 §1). A route that does not exist yet is reported, not fatal. */
const allPages = [
  '/',
  '/historias',
  '/historias/un-latido-en-cada-gota',
  // a story with an uploaded photo (its database is readied first: photo-story.mjs)
  photoStoryPath,
  '/aliados',
  '/quienes-somos',
  '/campana',
  '/datos-agua',
  '/buscar?q=agua',
  '/login',
  '/registro',
];

/**
 * @typedef {object} BenchOptions
 * @property {boolean} check exit 1 when a budget is missed
 * @property {number} runs Lighthouse runs per page and form (the median is kept)
 * @property {string[]} pages routes to audit
 * @property {number} duration seconds of each autocannon run
 * @property {boolean} lighthouse run the page audits
 * @property {boolean} federation build and audit the one-bundle site too
 * @property {boolean} floor audit each page's floor too (its HTML without links and scripts, bench/lib/floor-server.mjs)
 * @property {boolean} api run the load tests
 * @property {boolean} inbox run the inbox bench (100,000 leads, bench/lib/inbox.mjs)
 * @property {boolean} search run the search bench (10,000 generated stories and the dialog, bench/lib/search.mjs)
 * @property {boolean} media run the photo pipeline's bench (a 12-megapixel JPEG into every variant, bench/lib/media.mjs)
 */

const usage = `npm run bench -- [--check] [--runs N] [--pages /,/historias] [--duration S]
                          [--no-lighthouse] [--no-federation] [--no-floor] [--no-api] [--no-inbox] [--no-search] [--no-media]`;

/**
 * @param {string[]} argv process.argv.slice(2)
 * @returns {BenchOptions}
 */
export function parseArgs(argv) {
  /** @type {BenchOptions} */
  const options = {
    check: false,
    runs: 3,
    pages: allPages,
    duration: 10,
    lighthouse: true,
    federation: true,
    floor: true,
    api: true,
    inbox: true,
    search: true,
    media: true,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[(i += 1)];
    if (flag === '--check') options.check = true;
    else if (flag === '--runs') options.runs = positive(flag, value());
    else if (flag === '--duration') options.duration = positive(flag, value());
    else if (flag === '--pages')
      options.pages = value()
        .split(',')
        .map((page) => page.trim())
        .filter(Boolean);
    else if (flag === '--no-lighthouse') options.lighthouse = false;
    else if (flag === '--no-federation') options.federation = false;
    else if (flag === '--no-floor') options.floor = false;
    else if (flag === '--no-api') options.api = false;
    else if (flag === '--no-inbox') options.inbox = false;
    else if (flag === '--no-search') options.search = false;
    else if (flag === '--no-media') options.media = false;
    else if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    } else throw new Error(`Opción desconocida: ${arg}\n${usage}`);
  }
  if (!options.lighthouse) {
    options.federation = false;
    options.floor = false;
  }
  return options;
}

/** @param {string} flag @param {string | undefined} raw */
function positive(flag, raw) {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag} necesita un número positivo`);
  return value;
}
