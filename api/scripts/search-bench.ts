// The site's search with 10,000 generated stories beside the real content (issue #34 item 6), run by
// bench/lib/search.mjs in its own process (this process is the API: requests go through the real app in process, the
// answer cache off, so every request searches). Prints one JSON line with the figures.
//
//   tsx api/scripts/search-bench.ts                         PGlite in a temporary folder
//   tsx api/scripts/search-bench.ts postgres://…/postgres   PostgreSQL: creates the database gota_search_bench on that
//                                                           server (the role needs CREATEDB), drops it at the end
import path from 'node:path';
import type { Story } from '@gota/shared/contracts';
import { loadContent, type Content } from '../src/features/content';
import { repoRoot } from '../src/env';
import { createLogger } from '../src/logging/logger';
import { siteSearch } from '../src/features/search';
import { Browser } from '../src/testing/browser';
import { testApp } from '../src/testing/test-app';
import { benchDatabase, quantile, round } from './bench-database';

const storyCount = Number(process.env.SEARCH_BENCH_STORIES ?? 10_000);
const samples = Number(process.env.SEARCH_BENCH_SAMPLES ?? 200);
const benchDatabaseName = 'gota_search_bench';
/** A word of a few generated stories only (the rare word's query). */
const rareWord = 'ajolotario';

const progress = (message: string) => process.stderr.write(`search-bench: ${message}\n`);

/** A small deterministic generator: the same stories on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The real content with `count` more stories made of the real stories' sentences, titles and tags, dated over ten
 * years: their words are the site's, in other combinations, so common words are as common as on the site.
 */
function withGeneratedStories(content: Content, count: number): Content {
  const next = random(34);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const sentences = content.stories.flatMap((story) =>
    story.bodyHtml
      .replace(/<[^>]+>/g, ' ')
      .split(/(?<=[.!?])\s+/)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.length > 30),
  );
  const titleWords = content.stories.flatMap((story) => story.titulo.split(/\s+/));
  const tags = [...new Set(content.stories.flatMap((story) => story.tags))];
  const start = Date.UTC(2015, 0, 1);
  const generated: Story[] = Array.from({ length: count }, (_, index) => {
    const body = Array.from({ length: 8 + Math.floor(next() * 14) }, () => pick(sentences));
    if (index % 3000 === 7) body.push(`En el ${rareWord} de la escuela crecen nuevas especies.`);
    const title = Array.from({ length: 4 + Math.floor(next() * 5) }, () => pick(titleWords)).join(' ');
    const date = new Date(start + Math.floor(next() * 3650) * 86_400_000).toISOString().slice(0, 10);
    return {
      ...content.stories[0]!,
      slug: `generada-${index}`,
      titulo: title,
      fecha: date,
      fechaData: date,
      text: pick(sentences),
      tags: [pick(tags), pick(tags)],
      bodyHtml: body.map((sentence) => `<p>${sentence}</p>`).join(''),
    };
  });
  const stories = [...content.stories, ...generated].sort((a, b) => b.fechaData.localeCompare(a.fechaData));
  return { ...content, stories, storyBySlug: new Map(stories.map((story) => [story.slug, story])) };
}

async function timeQuery(
  browser: Browser,
  query: string,
): Promise<{ p50Ms: number; p99Ms: number; samples: number; total: number; more: boolean }> {
  const headers = { 'X-Inertia': 'true', Accept: 'text/html, application/xhtml+xml' };
  const url = `/buscar?q=${encodeURIComponent(query)}`;
  for (let i = 0; i < 10; i += 1) await (await browser.get(url, headers)).arrayBuffer();
  const times: number[] = [];
  let total = 0;
  let more = false;
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const res = await browser.get(url, headers);
    const body = (await res.json()) as { props: { results: { total: number; more?: boolean } | null } };
    times.push(performance.now() - started);
    if (res.status !== 200 || !body.props.results) throw new Error(`${url} respondió ${res.status}`);
    total = body.props.results.total;
    more = body.props.results.more === true;
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(quantile(times, 0.5)), p99Ms: round(quantile(times, 0.99)), samples, total, more };
}

async function main() {
  const { database, dispose } = await benchDatabase(benchDatabaseName, process.argv[2]);
  try {
    const content = withGeneratedStories(loadContent(path.join(repoRoot, 'api/content')), storyCount);
    const search = siteSearch({ database, content, logger: createLogger({ level: 'silent' }) });
    const buildStarted = performance.now();
    await search.prepare();
    const buildMs = performance.now() - buildStarted;
    progress(`${content.stories.length} historias indexadas en ${Math.round(buildMs)} ms`);
    // the answer cache off: every request runs the search (the throttle is off as in every test app)
    const { app } = testApp({ database, content, env: { HTML_CACHE_ENTRIES: '0' } });
    const browser = new Browser(app);
    const queries = { common: 'agua', rare: rareWord, prefix: 'acuí', typo: 'comunidaes' } as const;
    const results: Record<string, Awaited<ReturnType<typeof timeQuery>>> = {};
    for (const [name, query] of Object.entries(queries)) {
      results[name] = await timeQuery(browser, query);
      progress(`${name} «${query}»: ${JSON.stringify(results[name])}`);
    }
    console.log(
      JSON.stringify({
        db: database.kind,
        stories: content.stories.length,
        buildMs: Math.round(buildMs),
        queries: results,
        p99Ms: Math.max(...Object.values(results).map((result) => result.p99Ms)),
      }),
    );
  } finally {
    await dispose();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
