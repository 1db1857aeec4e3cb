import { sql, type SQL } from 'drizzle-orm';
import { searchPageSize, type MarkedText, type SearchHit, type SearchResults } from '@gota/shared/contracts';
import type { Content } from '../content';
import type { Database, Db, DbLogger } from '../../db/database';
import { DatabaseUnavailableError, describeError, unanswered } from '../../db/errors';
import { withTimeout } from '../../lifecycle/time-limit';
import { rowsOf } from '../../db/rows';
import { generationOf, markEnd, markStart, searchDocuments, type SearchDocument } from './search-documents';
import { markedText, passageFinder, tsqueryText, typedQuery, type AnalysedWord } from './search-query';

// Any number will do as long as every instance uses the same one: one instance builds a generation at a time.
const buildLockId = 4_061_987_234;
/** Documents per INSERT: each statement stays far under the query budget on PostgreSQL (`databaseBudgets.query`). */
const batchSize = 250;
/** How often an instance tells the others it still searches its generation, so none deletes it. */
const touchEveryMs = 10 * 60_000;
/** How long a search waits for the index when it is being built (at start, after a content change). */
const readyBudgetMs = 2500;
/**
 * Matches counted at most: past it the results say «Más de 1,000 resultados». Counting a common word's 10,000 matches
 * visited every one of them (4–6 ms of its 22 on PostgreSQL); nobody pages through a hundred pages.
 */
const defaultCountCap = 1000;
/** Newest documents the ranking reads first, per result wanted (see `rank`): 200 for the first page. */
const defaultWindowPerResult = 20;

const titleHeadline = `HighlightAll=true, StartSel=${markStart}, StopSel=${markEnd}`;
/**
 * The snippet is cut from a passage of the body around its first match (`passageFinder`), not from the whole body:
 * `ts_headline` parses all it is given, and ten whole bodies took most of a common word's time. The passage is found
 * here, not in the database: folding ten whole bodies and searching them there took more than the headlines.
 */
const bodyHeadline = `MaxWords=26, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${markStart}, StopSel=${markEnd}`;

/** A passage cut in the middle of a sentence says so. */
function withEllipsis(text: MarkedText): MarkedText {
  const last = text.at(-1);
  if (last === undefined || /[.!?…»"”)]$/.test(last)) return text;
  return text.length % 2 === 1 ? [...text.slice(0, -1), `${last} …`] : [...text, ' …'];
}

/**
 * The generation as a lexeme of every one of its documents' `words`: `~` never comes out of a typed word, so no query
 * matches it by chance, and «this generation and these words» is one GIN lookup (see `search`).
 */
const generationLexeme = (generation: string) => `~${generation}`;

export interface SiteSearch {
  /**
   * Makes sure this content's generation of the index exists: builds it unless an instance already has (one at a time
   * across instances, in one transaction, so nobody searches a half-built index). server.ts calls it at start; a
   * search calls it too.
   */
  prepare(): Promise<void>;
  /** One page (1-based) of the results of a query as typed. Throws `DatabaseUnavailableError` when it cannot search. */
  search(query: string, page: number): Promise<SearchResults>;
}

export interface SiteSearchOptions {
  database: Pick<Database, 'use' | 'ready'>;
  /** The content to search, or where to read the content of now (it changes when the team publishes, decision 049). */
  content: Content | (() => Content);
  logger: DbLogger;
  /** Matches counted at most (1,000; the tests' is smaller). */
  countCap?: number;
  /** Newest documents the ranking reads first, per result wanted (20; the tests' is smaller, see `rank`). */
  windowPerResult?: number;
}

/** Another instance is building: wait for it instead of building the same thing twice. */
class BuildInProgress extends Error {}

async function insertBatch(tx: Db, generation: string, documents: SearchDocument[], first: number): Promise<void> {
  const rows = documents.map((document, index) => ({ position: first + index, ...document }));
  await tx.execute(sql`
    insert into search_documents (generation, position, kind, url, label, title, extra, body, date, head, words)
    select ${generation}, d.position, d.kind, d.url, d.label, d.title, d.extra, d.body, d.date::date, h.head,
      h.head || setweight(to_tsvector('es_busqueda', d.body), 'D') || setweight(to_tsvector('es_palabras', d.body), 'D')
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as d(position int, kind text, url text, label text, title text, extra text, body text, date text)
    cross join lateral (
      select setweight(to_tsvector('es_busqueda', d.title), 'A') || setweight(to_tsvector('es_palabras', d.title), 'A') ||
        setweight(to_tsvector('es_busqueda', d.extra), 'B') || setweight(to_tsvector('es_palabras', d.extra), 'B') ||
        array_to_tsvector(array[${generationLexeme(generation)}::text]) as head
    ) h`);
  const texts = documents.map((document) => `${document.title} ${document.extra} ${document.body}`);
  await tx.execute(sql`
    insert into search_terms (generation, term)
    select distinct ${generation}, w.term
    from json_array_elements_text(${JSON.stringify(texts)}::json) as t(text),
      unnest(tsvector_to_array(to_tsvector('es_palabras', t.text))) as w(term)
    where char_length(w.term) >= 4 and w.term !~ '[0-9]'
    on conflict do nothing`);
}

/** Builds the generation unless it exists; deletes the generations nobody has searched for a day. */
async function build(db: Db, generation: string, documents: SearchDocument[]): Promise<'built' | 'found'> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${buildLockId}) as locked`));
    if (!lock?.locked) throw new BuildInProgress();
    const found = await tx.execute(sql`update search_generations set used_at = now() where id = ${generation} returning id`);
    if (rowsOf(found).length > 0) return 'found';
    await tx.execute(sql`insert into search_generations (id, documents) values (${generation}, ${documents.length})`);
    for (let first = 0; first < documents.length; first += batchSize) {
      await insertBatch(tx as unknown as Db, generation, documents.slice(first, first + batchSize), first);
    }
    await tx.execute(sql`delete from search_generations where id <> ${generation} and used_at < now() - interval '1 day'`);
    // A GIN index takes inserted rows into a pending list that every search reads from end to end until a VACUUM or an
    // autoanalyze merges it (PGlite runs neither): after a build, about 400 pages each, and a rare word took 9 ms
    // instead of 0.1. Merged now, in the build's transaction.
    await tx.execute(
      sql`select gin_clean_pending_list('search_documents_words_idx'::regclass), gin_clean_pending_list('search_documents_head_idx'::regclass)`,
    );
    // statistics for the planner now, not when autovacuum gets to it (PGlite has none)
    await tx.execute(sql`analyze search_documents`);
    await tx.execute(sql`analyze search_terms`);
    return 'built';
  });
}

interface AnalysedRow {
  i: number;
  stems: string[];
  plain: string;
  fixes: { term: string; stems: string[] }[] | null;
}

/**
 * The site's search (issue #34, decision 042): PostgreSQL full-text search over what `searchDocuments` lists, on
 * PGlite and PostgreSQL alike. A word matches through its Spanish stem without accents, as the start of a word when it
 * is the one being typed, and, when the content has no such word, through the content's words one or two letters away.
 * Results are ranked by where all the words matched (title, then tags or section, then body), then newest first.
 *
 * @example
 * const search = siteSearch({ database, content, logger })
 * const { hits, total } = await search.search('alianza hidrica', 1)
 */
export function siteSearch(options: SiteSearchOptions): SiteSearch {
  const { content } = options;
  const contentOf = typeof content === 'function' ? content : () => content;
  // one generation's search per content: a search that started on a content ends on it, whatever is published meanwhile
  let last: { content: Content; search: SiteSearch } | undefined;
  const now = () => {
    const current = contentOf();
    if (last?.content !== current) last = { content: current, search: searchOver({ ...options, content: current }) };
    return last.search;
  };
  return { prepare: () => now().prepare(), search: (query, page) => now().search(query, page) };
}

/** The search of one content: its documents are one generation of the index. */
function searchOver({
  database,
  content,
  logger,
  countCap = defaultCountCap,
  windowPerResult = defaultWindowPerResult,
}: SiteSearchOptions & { content: Content }): SiteSearch {
  const documents = searchDocuments(content);
  const generation = generationOf(documents);
  let ready: Promise<void> | undefined;
  let touchedAt = 0;

  const prepareOnce = async () => {
    for (;;) {
      try {
        const outcome = await build(database.use(), generation, documents);
        if (outcome === 'built') logger.info({ generation, documents: documents.length }, 'índice de búsqueda construido');
        touchedAt = Date.now();
        return;
      } catch (error) {
        if (!(error instanceof BuildInProgress)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200).unref());
      }
    }
  };
  const prepare = () => {
    ready ??= prepareOnce().catch((error: unknown) => {
      ready = undefined;
      logger.warn({ err: describeError(error) }, 'no se pudo preparar el índice de búsqueda');
      throw error;
    });
    return ready;
  };

  /** Renews `used_at` now and then; a generation found deleted (a day unused, a restored database) is built again. */
  const touch = async (db: Db) => {
    if (Date.now() - touchedAt < touchEveryMs) return;
    touchedAt = Date.now();
    const touched = await db.execute(sql`update search_generations set used_at = now() where id = ${generation} returning id`);
    if (rowsOf(touched).length === 0) {
      ready = undefined;
      await prepare();
    }
  };

  const analyse = async (db: Db, words: string[], lastIsPrefix: boolean): Promise<AnalysedWord[]> => {
    const prefixIndex = lastIsPrefix ? words.length : 0;
    const rows = rowsOf<AnalysedRow>(
      await db.execute(sql`
        with analysed as (
          select w.i::int as i, tsvector_to_array(to_tsvector('es_busqueda', w.word)) as stems,
            coalesce((tsvector_to_array(to_tsvector('es_palabras', w.word)))[1], '') as plain
          from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as w(word, i)
        )
        select a.i, a.stems, a.plain,
          case when char_length(a.plain) < 5 or exists (
            select 1 from search_terms t
            where t.generation = ${generation} and (t.term = a.plain or (a.i = ${prefixIndex} and t.term like a.plain || '%'))
          ) then null else (
            select coalesce(json_agg(json_build_object('term', c.term, 'stems', tsvector_to_array(to_tsvector('es_busqueda', c.term)))), '[]'::json)
            from (
              -- the nearest words by trigrams, from the GiST index in order, then those one or two letters away
              select c.term from (
                select t.term from search_terms t where t.generation = ${generation} order by t.term <-> a.plain limit 10
              ) c
              where levenshtein_less_equal(c.term, a.plain, case when char_length(a.plain) >= 9 then 2 else 1 end)
                <= case when char_length(a.plain) >= 9 then 2 else 1 end
              order by similarity(c.term, a.plain) desc, c.term
              limit 3
            ) c
          ) end as fixes
        from analysed a
        order by a.i`),
    );
    return rows.map((row) => ({
      stems: row.stems,
      plain: row.plain,
      prefix: row.i === prefixIndex,
      fixes: row.fixes ?? [],
    }));
  };

  const generationAnd = (query: string) => `'${generationLexeme(generation)}' & (${query})`;
  const byDate = (limit: number) => sql`order by d.date desc nulls last, d.position limit ${limit}`;
  /** The generation's `window` newest documents, in date order from the B-tree (see `rank`), with `columns`. */
  const newest = (window: number, columns: SQL) =>
    sql`select ${columns} from search_documents d
      where d.generation = ${generation} order by d.date desc nulls last, d.position limit ${window}`;
  const positionsOf = (result: unknown) => rowsOf<{ position: number }>(result).map((row) => Number(row.position));

  /**
   * The first `wanted` results of a query, best first, and how many match (counted up to the cap and one more). Three
   * tiers, each newest first: every word in the title (`titleOnly`); then in the title, tags or section; then anywhere
   * (the body). A tier is read from the generation's newest documents in date order when it is common there (a common
   * word: tens of rows read instead of thousands of matches sorted), else from a GIN index, which finds a rare word's
   * few matches at once. The planner cannot make that choice itself: it cannot see a query's weights, and took a
   * title-only typo for a common title word, reading every document in date order to find none. The generation is a
   * lexeme of both vectors for the GIN lookups: with a filter on the column instead, the planner read every row's
   * vector (out of the row).
   */
  const rank = async (db: Db, all: string, titleOnly: string, wanted: number) => {
    const window = windowPerResult * wanted;
    // the count and the first two tiers among the newest documents: a row even when nothing matches, for the count
    const first = rowsOf<{ position: number | null; tier: number | null; total: number | string; seen: number | string }>(
      await db.execute(sql`
        with recent as materialized (${newest(window, sql`d.position, d.date, d.head`)})
        select h.position, h.tier, c.total, c.seen
        from (
          select
            (select count(*) from (
              select from search_documents d where d.words @@ ${generationAnd(all)}::tsquery limit ${countCap + 1}
            ) m) as total,
            (select count(*) from recent) as seen
        ) c
        left join lateral (
          select * from (
            (select d.position, d.date, 2 as tier from recent d where d.head @@ ${titleOnly}::tsquery ${byDate(wanted)})
            union all
            (select d.position, d.date, 1 as tier from recent d
              where d.head @@ ${all}::tsquery and not d.head @@ ${titleOnly}::tsquery ${byDate(wanted)})
          ) t
          order by t.tier desc, t.date desc nulls last, t.position
          limit ${wanted}
        ) h on true`),
    );
    const counted = Number(first[0]?.total ?? 0);
    // the whole generation was in the window (the site's own content): every tier is there
    const whole = Number(first[0]?.seen ?? 0) < window;
    const inWindow = (tier: number) =>
      first.flatMap((row) => (row.position !== null && Number(row.tier) === tier ? [Number(row.position)] : []));
    // a tier's newest `wanted` found in the window are its first; fewer, and older ones may lie past it
    let ranked = inWindow(2);
    if (ranked.length < wanted && !whole) {
      ranked = positionsOf(
        await db.execute(
          sql`select d.position from search_documents d where d.head @@ ${generationAnd(titleOnly)}::tsquery ${byDate(wanted)}`,
        ),
      );
    }
    const second = inWindow(1);
    if (whole || second.length >= wanted - ranked.length) ranked.push(...second.slice(0, wanted - ranked.length));
    else {
      ranked.push(
        ...positionsOf(
          await db.execute(sql`
            select d.position from search_documents d
            where d.head @@ ${generationAnd(all)}::tsquery and not d.head @@ ${titleOnly}::tsquery ${byDate(wanted - ranked.length)}`),
        ),
      );
    }
    // the body only, when the first two tiers do not fill the page: from the window when it should hold enough of
    // them (the matches are common enough), then, if it did not, from the index
    const missing = wanted - ranked.length;
    if (missing > 0 && ranked.length < counted) {
      const bodyOnly = sql`d.words @@ ${generationAnd(all)}::tsquery and not d.head @@ ${all}::tsquery`;
      let rest: number[] = [];
      if (whole || (Math.min(counted, countCap) * window) / documents.length >= 2 * missing) {
        rest = positionsOf(
          await db.execute(
            sql`select d.position from (${newest(window, sql`d.position, d.head, d.words`)}) d where ${bodyOnly} limit ${missing}`,
          ),
        );
      }
      if (rest.length < missing && !whole) {
        rest = positionsOf(await db.execute(sql`select d.position from search_documents d where ${bodyOnly} ${byDate(missing)}`));
      }
      ranked.push(...rest);
    }
    return { ranked, counted };
  };

  /** One page of results, in a transaction of its own (see `search`). */
  const searchIn = async (db: Db, words: string[], lastIsPrefix: boolean, page: number): Promise<SearchResults> => {
    const analysed = await analyse(db, words, lastIsPrefix);
    const all = tsqueryText(analysed);
    if (all === null) return { hits: [], total: 0, page };
    // every word in the title: the same words as `all`, so there is one whenever `all` is
    const titleOnly = tsqueryText(analysed, 'A') ?? all;
    const { ranked, counted } = await rank(db, all, titleOnly, page * searchPageSize);
    const more = counted > countCap;
    const total = Math.min(counted, countCap);
    const shown = ranked.slice((page - 1) * searchPageSize);
    const counts = more ? { total, more } : { total };
    if (shown.length === 0) return { hits: [], ...counts, page };
    const found = rowsOf<Omit<SearchDocument, 'date'> & { in_title: boolean }>(
      await db.execute(sql`
        select d.kind, d.url, d.label, d.title, d.extra, d.body, d.head @@ ${titleOnly}::tsquery as in_title
        from json_array_elements_text(${JSON.stringify(shown)}::json) with ordinality as s(position, n)
          join search_documents d on d.generation = ${generation} and d.position = s.position::int
        order by s.n`),
    );
    const passageOf = passageFinder(analysed);
    const texts = found.map((document, n) => {
      const passage = passageOf(document.body);
      // a story found by its topics alone shows them, so that every result says where it matched
      const topics = !passage.found && !document.in_title && document.kind === 'historia';
      return { n, title: document.title, text: topics ? `Temas: ${document.extra.toLowerCase()}.` : passage.text, topics };
    });
    const headlines = rowsOf<{ title: string; snippet: string }>(
      await db.execute(sql`
        select ts_headline('es_busqueda', t.title, ${all}::tsquery, ${titleHeadline}) as title,
          ts_headline('es_busqueda', t.text, ${all}::tsquery, case when t.topics then ${titleHeadline} else ${bodyHeadline} end) as snippet
        from json_to_recordset(${JSON.stringify(texts)}::json) as t(n int, title text, text text, topics boolean)
        order by t.n`),
    );
    const hits = found.map(({ kind, url, label }, index): SearchHit => ({
      kind,
      url,
      label,
      title: markedText(headlines[index]!.title, analysed),
      snippet: withEllipsis(markedText(headlines[index]!.snippet, analysed)),
    }));
    return { hits, ...counts, page };
  };

  return {
    prepare,
    async search(query, page) {
      const { words, lastIsPrefix } = typedQuery(query);
      if (words.length === 0) return { hits: [], total: 0, page };
      if (!database.ready) throw new DatabaseUnavailableError('migraciones pendientes');
      await withTimeout(prepare(), readyBudgetMs, unanswered(readyBudgetMs));
      const db = database.use();
      await touch(db);
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        // The planner prices a match against a vector as cheap and may read every row's vector, out of the row, rather
        // than the GIN index (a rare word took 130 ms over 10,000 stories): in these queries the indexes always win.
        // …and with sequential scans priced that high, PostgreSQL would compile any plan that still holds one (JIT,
        // 150 ms and more): never worth it for a search
        await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
        return searchIn(tx, words, lastIsPrefix, page);
      });
    },
  };
}
