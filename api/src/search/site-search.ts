import { sql } from 'drizzle-orm';
import { searchPageSize, type MarkedText, type SearchHit, type SearchKind, type SearchResults } from '@gota/shared/contracts';
import type { Content } from '../content/load-content';
import type { Database, Db, DbLogger } from '../db/database';
import { DatabaseUnavailableError, describeError, withTimeout } from '../db/errors';
import { generationOf, markEnd, markStart, searchDocuments, type SearchDocument } from './search-documents';
import { markedText, passagePatterns, tsqueryText, typedQuery, type AnalysedWord } from './search-query';

// Any number will do as long as every instance uses the same one: one instance builds a generation at a time.
const buildLockId = 4_061_987_234;
/** Documents per INSERT: each statement stays far under the query budget on PostgreSQL (`databaseBudgets.query`). */
const batchSize = 250;
/** How often an instance tells the others it still searches its generation, so none deletes it. */
const touchEveryMs = 10 * 60_000;
/** How long a search waits for the index when it is being built (at start, after a content change). */
const readyBudgetMs = 2500;

const titleHeadline = `HighlightAll=true, StartSel=${markStart}, StopSel=${markEnd}`;
/**
 * The snippet is cut from a passage of the body around its first match (characters before it, and in all), not from
 * the whole body: `ts_headline` parses all it is given, and ten whole bodies took most of a common word's time.
 */
const passage = { before: 160, length: 520 } as const;
const bodyHeadline = `MaxWords=26, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${markStart}, StopSel=${markEnd}`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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
  content: Content;
  logger: DbLogger;
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
    await tx.execute(sql`select gin_clean_pending_list('search_documents_words_idx'::regclass), gin_clean_pending_list('search_documents_head_idx'::regclass)`);
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
export function siteSearch({ database, content, logger }: SiteSearchOptions): SiteSearch {
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

  /** One page of results, in a transaction of its own (see `search`). */
  const searchIn = async (db: Db, words: string[], lastIsPrefix: boolean, page: number): Promise<SearchResults> => {
    const analysed = await analyse(db, words, lastIsPrefix);
    const all = tsqueryText(analysed);
    if (all === null) return { hits: [], total: 0, page };
    // every word in the title: the same words as `all`, so there is one whenever `all` is
    const titleOnly = tsqueryText(analysed, 'A') ?? all;
    const passageAt = passagePatterns(analysed);
    const generationAnd = (query: string) => `'${generationLexeme(generation)}' & (${query})`;
    // The ranking, tier by tier, each newest first: every word in the title; then in the title, tags or section; then
    // anywhere. The first two come from the index of `head` and stop at the page's last result, so a common word does
    // not weigh thousands of matches against each other; the last is only read when they do not fill the page. The
    // generation is a lexeme of both vectors, not a column: with a filter on the column the planner reads every row's
    // vector (out of the row) instead of the GIN index.
    const wanted = page * searchPageSize;
    const byDate = sql`order by d.date desc nulls last, d.position limit ${wanted}`;
    // the first two tiers and the count in one statement: a row even when nothing matches, for the count
    const first = rowsOf<{ position: number | null; total: number | string }>(
      await db.execute(sql`
        select h.position, c.total
        from (select count(*) as total from search_documents d where d.words @@ ${generationAnd(all)}::tsquery) c
        left join lateral (
          select * from (
            (select d.position, d.date, 2 as tier from search_documents d
              where d.head @@ ${generationAnd(titleOnly)}::tsquery ${byDate})
            union all
            (select d.position, d.date, 1 as tier from search_documents d
              where d.head @@ ${generationAnd(all)}::tsquery and not d.head @@ ${titleOnly}::tsquery ${byDate})
          ) t
          order by t.tier desc, t.date desc nulls last, t.position
          limit ${wanted}
        ) h on true`),
    );
    const total = Number(first[0]?.total ?? 0);
    const ranked = first.flatMap((row) => (row.position === null ? [] : [Number(row.position)]));
    // the rest, matched in the body only, when the first two tiers do not fill the page
    if (ranked.length < wanted && ranked.length < total) {
      const rest = rowsOf<{ position: number }>(
        await db.execute(sql`
          select d.position from search_documents d
          where d.words @@ ${generationAnd(all)}::tsquery and not d.head @@ ${all}::tsquery
          order by d.date desc nulls last, d.position limit ${wanted - ranked.length}`),
      );
      ranked.push(...rest.map((row) => Number(row.position)));
    }
    const shown = ranked.slice((page - 1) * searchPageSize);
    if (shown.length === 0) return { hits: [], total, page };
    const rows = rowsOf<{ kind: SearchKind; url: string; label: string; title: string; snippet: string }>(
      await db.execute(sql`
        select d.kind, d.url, d.label,
          ts_headline('es_busqueda', d.title, ${all}::tsquery, ${titleHeadline}) as title,
          -- a story found by its topics alone shows them, so that every result says where it matched
          case when m.at = 0 and not d.head @@ ${titleOnly}::tsquery and d.kind = 'historia'
            then ts_headline('es_busqueda', 'Temas: ' || lower(d.extra) || '.', ${all}::tsquery, ${titleHeadline})
            else ts_headline('es_busqueda', p.text, ${all}::tsquery, ${bodyHeadline}) end as snippet
        from json_array_elements_text(${JSON.stringify(shown)}::json) with ordinality as s(position, n)
          join search_documents d on d.generation = ${generation} and d.position = s.position::int
          -- the first match in the body, found in its folded letters: a word as typed or corrected, else a word with
          -- one of their stems (0: none there, the passage is the beginning)
          cross join lateral (select lower(unaccent(d.body)) as folded) f
          cross join lateral (
            select coalesce(nullif(regexp_instr(f.folded, ${passageAt.words}), 0), regexp_instr(f.folded, ${passageAt.stems})) as at
          ) m
          -- whole words only: a passage cut inside the body drops the word it starts or ends in the middle of
          cross join lateral (
            select case when m.at <= ${passage.before} then d.body
              else regexp_replace(substr(d.body, m.at - ${passage.before}), '^\\S*\\s+', '') end as rest
          ) r
          cross join lateral (
            select case when length(r.rest) <= ${passage.length} then r.rest
              else regexp_replace(left(r.rest, ${passage.length}), '\\s+\\S*$', '') end as text
          ) p
        order by s.n`),
    );
    const hits = rows.map(
      (row): SearchHit => ({
        kind: row.kind,
        url: row.url,
        label: row.label,
        title: markedText(row.title, analysed),
        snippet: withEllipsis(markedText(row.snippet, analysed)),
      }),
    );
    return { hits, total, page };
  };

  return {
    prepare,
    async search(query, page) {
      const { words, lastIsPrefix } = typedQuery(query);
      if (words.length === 0) return { hits: [], total: 0, page };
      if (!database.ready) throw new DatabaseUnavailableError('migraciones pendientes');
      await withTimeout(prepare(), readyBudgetMs);
      const db = database.use();
      await touch(db);
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        // The planner prices a match against a vector as cheap and may read every row's vector, out of the row, rather
        // than the GIN index (a rare word took 130 ms over 10,000 stories): in these queries the indexes always win.
        await tx.execute(sql`set local enable_seqscan = off`);
        return searchIn(tx, words, lastIsPrefix, page);
      });
    },
  };

}
