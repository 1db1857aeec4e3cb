import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createLogger } from '../logging/logger';
import { createMailer } from '../mail/mailer';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { testDatabase } from '../testing/test-database';
import { registerMetricsRoute } from './metrics';
import type { AppEnv } from '../types';

// Issue #15 row 5: Prometheus metrics, not public by default.

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

const token = 'metricas-secretas-0123456789';
const scrape = async (app: Hono<AppEnv>) =>
  (await app.request('/metrics', { headers: { Authorization: `Bearer ${token}` } })).text();

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, and answers only to the token with it', async () => {
    expect((await testApp({ database }).app.request('/metrics')).status).toBe(404);
    const { app } = testApp({ database, env: { METRICS_TOKEN: token } });
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics', { headers: { Authorization: 'Bearer otra-cosa-0123456789abcd' } })).status).toBe(404);
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts answers by route pattern and status, the database, the pool, throttle refusals and mail', async () => {
    const mailer = createMailer({
      from: 'prueba@ejemplo.mx',
      outboxDir: mkdtempSync(path.join(tmpdir(), 'gota-mail-')),
      logger: createLogger({ level: 'silent' }),
    });
    const { app, deliverMail } = testApp({
      database,
      mailer,
      env: { METRICS_TOKEN: token, THROTTLE_IP_LIMIT: '1', CONTACT_NOTIFY_TO: 'equipo@ejemplo.mx' },
    });
    const browser = new Browser(app);
    await browser.get('/historias', { 'X-Inertia': 'true' });
    await browser.get('/no-existe-esta-pagina');
    expect(
      (await browser.post('/contacto-empresa', { name: 'Ana', lastName: 'Ruiz', email: `metricas.${Date.now()}@ejemplo.mx` }))
        .status,
    ).toBe(201);
    expect((await browser.post('/contacto-empresa', { name: 'Ana', lastName: 'Ruiz', email: 'otra@ejemplo.mx' })).status).toBe(
      429,
    );
    expect(await deliverMail()).toHaveLength(1);

    const text = await scrape(app);
    expect(text).toMatch(/gota_http_requests_total\{method="GET",route="\/historias",status="200"\} \d+/);
    expect(text).toMatch(/gota_http_requests_total\{method="POST",route="\/contacto-empresa",status="201"\} \d+/);
    expect(text).toMatch(
      /gota_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/historias",status="200"\} \d+/,
    );
    expect(text).toMatch(/gota_http_requests_total\{method="GET",route="\/\*",status="404"\} \d+/);
    expect(text).toMatch(/gota_throttle_refusals_total\{route="\/contacto-empresa"\} [1-9]/);
    expect(text).toMatch(/gota_mail_total\{outcome="sent"\} [1-9]/);
    expect(text).toMatch(/gota_mail_outbox_rows\{status="enviado"\} [1-9]/);
    expect(text).toMatch(/gota_mail_outbox_rows\{status="pendiente"\} 0/);
    expect(text).toMatch(/gota_database_up 1/);
    expect(text).toContain('gota_database_errors_total');
    expect(text).toContain('gota_process_resident_memory_bytes');
    if (database.kind === 'postgres') expect(text).toMatch(/gota_db_pool_connections\{state="total"\} \d+/);
  });

  it('is open on the METRICS_PORT server (a private port)', async () => {
    const app = new Hono<AppEnv>();
    registerMetricsRoute(app, { open: true });
    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('gota_http_requests_total');
  });
});
