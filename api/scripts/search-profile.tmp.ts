import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database';
import { siteSearch } from '../src/search/site-search';
import { createLogger } from '../src/logging/logger';
import { loadContent } from '../src/content/load-content';
import { repoRoot } from '../src/env';

const dir = process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'prof-'));
const database = await openDatabase({ dataDir: dir });
await database.migrate();
const { withGenerated } = await import('./search-bench-gen.tmp');
const content = withGenerated(loadContent(path.join(repoRoot, 'api/content')), 10000);
const search = siteSearch({ database, content, logger: createLogger({ level: 'info' }) });
let t = performance.now();
await search.prepare();
console.log('prepare', performance.now() - t);
const db = database.use();

for (const q of ['agua', 'ajolotario', 'acuí', 'comunidaes']) {
  for (let i = 0; i < 3; i++) { t = performance.now(); await search.search(q, 1); console.log(q, (performance.now() - t).toFixed(1)); }
}
const gen = ((await db.execute(sql`select id from search_generations`)) as any).rows[0].id;
await db.execute(sql`set enable_seqscan = off`);
const explain = async (label: string, query: any) => { const r = (await db.execute(query)) as any; console.log('---', label); for (const row of r.rows) console.log(Object.values(row)[0]); };
await explain('main agua', sql`explain analyze with matches as materialized (select d.generation, d.position, d.date, d.head from search_documents d where d.words @@ 'agua'::tsquery), hits as (select m.position, m.date, case when m.head @@ 'agua:A'::tsquery then 2 when m.head @@ 'agua'::tsquery then 1 else 0 end as tier, count(*) over () as total from matches m where m.generation = ${gen} order by tier desc, m.date desc nulls last, m.position limit 10) select h.*, ts_headline('es_busqueda', d.body, 'agua'::tsquery, 'MaxWords=26, MinWords=12, ShortWord=2, MaxFragments=2') from hits h join search_documents d on d.generation = ${gen} and d.position = h.position`);
await explain('main rare', sql`explain analyze with m as materialized (select d.generation, d.position from search_documents d where d.words @@ 'ajolotari'::tsquery) select * from m where generation = ${gen}`);
await explain('analyse', sql`explain analyze select exists (select 1 from search_terms t where t.generation = ${gen} and (t.term = 'ajolotario' or (t.term like 'ajolotario' || '%')))`);
await explain('terms', sql`explain analyze select t.term from search_terms t where t.term in (select u.term from search_terms u where u.term % 'comunidaes' and levenshtein_less_equal(u.term, 'comunidaes', 2) <= 2 offset 0) and t.generation = ${gen}`);
await database.close();
