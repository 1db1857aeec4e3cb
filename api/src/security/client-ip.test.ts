import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { loadEnv } from '../env';
import { Browser } from '../testing/browser';
import { testApp } from '../testing/test-app';
import { testDatabase, testDatabaseKind } from '../testing/test-database';
import { parseTrustProxy, resolveClientIp } from './client-ip';

describe('the client IP behind proxies (#12 row 1)', () => {
  it('takes the right-most address a trusted hop added, never what the client wrote to its left', () => {
    const one = parseTrustProxy('1');
    expect(resolveClientIp('10.0.0.2', '6.6.6.6, 203.0.113.9', one)).toBe('203.0.113.9');
    expect(resolveClientIp('10.0.0.2', '203.0.113.9', one)).toBe('203.0.113.9');
    expect(resolveClientIp('10.0.0.2', undefined, one)).toBe('10.0.0.2');
    expect(resolveClientIp('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.7', parseTrustProxy('2'))).toBe('203.0.113.9');
    expect(resolveClientIp('10.0.0.2', 'basura, 203.0.113.9', parseTrustProxy('true'))).toBe('203.0.113.9');
    expect(resolveClientIp('::ffff:10.0.0.2', '6.6.6.6', parseTrustProxy('false'))).toBe('10.0.0.2');
  });

  it('with a list of proxies, skips only their addresses and ignores the header from anyone else', () => {
    const list = parseTrustProxy('10.0.0.0/8, 192.168.1.4, fd00::/8');
    expect(resolveClientIp('10.0.0.2', '6.6.6.6, 203.0.113.9, 192.168.1.4', list)).toBe('203.0.113.9');
    expect(resolveClientIp('fd00::1', '6.6.6.6, 2001:db8::5', list)).toBe('2001:db8::5');
    expect(resolveClientIp('198.51.100.1', '6.6.6.6', list)).toBe('198.51.100.1');
    expect(resolveClientIp('10.0.0.2', '10.0.0.9, 10.0.0.8', list)).toBe('10.0.0.9');
  });

  it('refuses a TRUST_PROXY that is none of false, a number or addresses, naming the variable', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.interno' })).toThrow(/TRUST_PROXY: «proxy\.interno» no es una dirección IP/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({}).TRUST_PROXY).toEqual({ kind: 'none' });
  });
});

describe(`per-IP limits with one trusted hop on ${testDatabaseKind}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it('throttles a client after 20 logins however it varies the left part of X-Forwarded-For', async () => {
    const { app } = testApp({ database, env: { TRUST_PROXY: '1', THROTTLE_IP_LIMIT: '20' } });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const browser = new Browser(app);
      await browser.get('/login');
      const res = await browser.post(
        '/login',
        { email: `nadie${i}@ejemplo.mx`, password: 'una clave cualquiera' },
        { headers: { 'X-Forwarded-For': `100.64.${i}.${i + 1}, 203.0.113.77` } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
