// The inbox with 100,000 leads (issue #13 row 8), run by bench/lib/inbox.mjs in its own process (this process is the
// API: the requests go through the real app in process, with a staff session). Prints one JSON line with the figures.
//
//   tsx api/scripts/inbox-bench.ts                         PGlite in a temporary folder
//   tsx api/scripts/inbox-bench.ts postgres://…/postgres   PostgreSQL: creates the database gota_inbox_bench on that
//                                                          server (the role needs CREATEDB), drops it at the end
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { Browser } from '../src/testing/browser';
import { testApp } from '../src/testing/test-app';
import { benchDatabase, quantile, round } from './bench-database';

const leadCount = Number(process.env.INBOX_BENCH_LEADS ?? 100_000);
const samples = Number(process.env.INBOX_BENCH_SAMPLES ?? 200);
const benchDatabaseName = 'gota_inbox_bench';

const progress = (message: string) => process.stderr.write(`inbox-bench: ${message}\n`);

/**
 * 100,000 leads over two years: two company messages for each registration, a third attended, accents everywhere.
 * Loaded as a restore would: the search index and the count triggers of migration 0004 are set aside during the insert
 * and rebuilt after it (one index build instead of 100,000 index insertions; WebAssembly makes the difference minutes).
 */
async function seed(database: Database) {
  const db = database.use();
  await db.execute(sql`drop index leads_search_text_trgm_idx`);
  await db.execute(sql`alter table leads disable trigger leads_counts`);
  await db.execute(sql`
    insert into leads (kind, empresa, name, last_name, email, mensaje, status, created_at)
    select
      case when i % 3 = 0 then 'registro' else 'empresa' end,
      case when i % 3 = 0 then null else (array['Acción', 'Ríos', 'Cooperativa', 'Agua Clara', 'Fundación', 'Grupo'])[1 + i % 6] || ' ' || (array['del Bajío', 'Pacífico', 'Limpia', 'Sostenible', 'Norte', 'Querétaro', 'Montaña'])[1 + i % 7] || ' ' || i end,
      (array['María', 'José', 'Lucía', 'Andrés', 'Sofía', 'Íñigo', 'Valeria', 'Raúl'])[1 + i % 8],
      case when i % 3 = 0 then (array['Muñoz', 'Pérez', 'Gómez', 'Hernández', 'Núñez'])[1 + i % 5] else null end,
      'persona' || i || '@ejemplo' || (i % 97) || '.mx',
      case when i % 3 = 0 then null else 'Queremos sumarnos a la campaña de cuidado del agua en nuestra región, número ' || i || '. ' || repeat('Texto de relleno. ', 1 + i % 12) end,
      case when i % 3 = 1 then 'atendido' else 'nuevo' end,
      now() - (i * interval '10 minutes') - ((i % 1000) * interval '1 millisecond')
    from generate_series(1, ${leadCount}) as i
  `);
  await db.execute(sql`create index leads_search_text_trgm_idx on leads using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`alter table leads enable trigger leads_counts`);
  await db.execute(sql`delete from lead_counts`);
  await db.execute(
    sql`insert into lead_counts (kind, status, total) select kind, status, count(*) from leads group by kind, status`,
  );
  // what autovacuum does on its own after this many inserts: statistics for the planner, a visibility map for counts
  await db.execute(sql`vacuum analyze leads`);
}

async function timeRequests(browser: Browser, paths: string[]): Promise<{ p50Ms: number; p99Ms: number; samples: number }> {
  const headers = { 'X-Inertia': 'true', Accept: 'application/json' };
  for (let i = 0; i < 20; i += 1) await (await browser.get(paths[i % paths.length] as string, headers)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const res = await browser.get(paths[i % paths.length] as string, headers);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${paths[i % paths.length]} respondió ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(quantile(times, 0.5)), p99Ms: round(quantile(times, 0.99)), samples };
}

async function main() {
  const { database, dispose } = await benchDatabase(benchDatabaseName, process.argv[2], { queryTimeoutMs: 600_000 });
  try {
    const seedStarted = performance.now();
    await seed(database);
    const seedMs = performance.now() - seedStarted;
    progress(`${leadCount} leads en ${Math.round(seedMs)} ms`);
    const staffEmail = 'bench@gotaagota.mx';
    const { app } = testApp({ database, env: { STAFF_EMAILS: staffEmail } });
    const staff = new Browser(app);
    const password = 'un río que nunca se seca 2026';
    const signUp = await staff.post('/registro', {
      name: 'Banco',
      last_name: 'Pruebas',
      email: staffEmail,
      password,
      password_confirmation: password,
    });
    if (signUp.status !== 201) throw new Error(`registro del equipo: ${signUp.status}`);

    const first = (await (await staff.get('/panel', { 'X-Inertia': 'true', Accept: 'application/json' })).json()) as {
      props: { nextCursor: string };
    };
    progress('lista');
    const list = await timeRequests(staff, [
      '/panel',
      `/panel?despues=${first.props.nextCursor}`,
      '/panel?tipo=empresa&estado=nuevo',
    ]);
    progress(`lista: ${JSON.stringify(list)}; búsqueda`);
    // a word in a third of the leads, a rare company (one lead, typed without accents) and a word in none
    const search = await timeRequests(staff, [
      '/panel?q=queretaro',
      '/panel?q=accion%20del%20bajio%2012',
      '/panel?q=ningunapalabra',
    ]);

    progress(`búsqueda: ${JSON.stringify(search)}; exportación`);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const res = await staff.get('/panel/exportar.csv');
    let bytes = 0;
    let lines = 0;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines += 1;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        db: database.kind,
        leads: leadCount,
        seedMs: Math.round(seedMs),
        list,
        search,
        export: {
          ms: Math.round(exportMs),
          rows: lines - 1,
          bytes,
          rssBeforeMb: round(before / 2 ** 20),
          rssPeakMb: round(peak / 2 ** 20),
        },
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
