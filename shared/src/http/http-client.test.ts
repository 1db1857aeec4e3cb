import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptCsrfToken, http, withSiteHeaders } from './http-client';

const config = () => ({ headers: new AxiosHeaders() }) as InternalAxiosRequestConfig;

afterEach(() => {
  document.head.innerHTML = '';
  vi.restoreAllMocks();
});

describe('withSiteHeaders', () => {
  it('sends the anti-forgery token from the meta tag and marks the request as asynchronous', () => {
    document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
    const headers = withSiteHeaders(config()).headers;
    expect(headers.get('X-CSRF-TOKEN')).toBe('token-123');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('logs an error and sends no token header when the meta tag is missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const headers = withSiteHeaders(config()).headers;
    expect(headers.has('X-CSRF-TOKEN')).toBe(false);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('token'));
  });

  it('reads the token on every request, so a new session token is picked up', () => {
    document.head.innerHTML = '<meta name="csrf-token" content="uno">';
    expect(withSiteHeaders(config()).headers.get('X-CSRF-TOKEN')).toBe('uno');
    document.querySelector('meta')?.setAttribute('content', 'dos');
    expect(withSiteHeaders(config()).headers.get('X-CSRF-TOKEN')).toBe('dos');
  });
});

describe('token renewal', () => {
  it('adopts a new token the server sends, creating the meta tag when missing', () => {
    adoptCsrfToken({ headers: { 'x-csrf-token': 'nuevo' } });
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('nuevo');
    adoptCsrfToken({ headers: {} });
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('nuevo');
  });

  it('sends the renewed token on the next request, also after an error answer', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="viejo">';
    const seen: unknown[] = [];
    const original = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      seen.push(config.headers['X-CSRF-TOKEN']);
      const { AxiosError } = await import('axios');
      const response = { data: {}, status: 419, statusText: '', headers: { 'x-csrf-token': 'renovado' }, config };
      throw new AxiosError('419', 'ERR_BAD_REQUEST', config, null, response);
    };
    try {
      await expect(http.post('/contacto-empresa', {})).rejects.toThrow();
      await expect(http.post('/contacto-empresa', {})).rejects.toThrow();
    } finally {
      http.defaults.adapter = original;
    }
    expect(seen).toEqual(['viejo', 'renovado']);
  });
});

describe('Idempotency-Key (issue #15 row 3)', () => {
  /** Replaces the network: `answers` are played in order (a status, or null for a lost answer). */
  async function withNetwork(answers: (number | null)[], run: () => Promise<unknown>) {
    const seen: { method?: string; key: unknown }[] = [];
    const original = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      seen.push({ method: config.method, key: config.headers['Idempotency-Key'] });
      const { AxiosError } = await import('axios');
      const status = answers.shift();
      if (status === null || status === undefined) throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
      const response = { data: { message: String(status) }, status, statusText: '', headers: {}, config };
      if (status >= 400) throw new AxiosError(String(status), 'ERR_BAD_RESPONSE', config, {}, response);
      return response;
    };
    try {
      return { seen, result: await run().then((value) => value, (error: unknown) => error) };
    } finally {
      http.defaults.adapter = original;
    }
  }

  it('sends one key per submission and the same key on each retry of a lost answer', async () => {
    vi.useFakeTimers();
    try {
      const { seen, result } = await withNetwork([null, 502, 201, 201], async () => {
        const first = http.post('/contacto-empresa', {});
        await vi.runAllTimersAsync();
        const firstResult = await first;
        await http.post('/contacto-empresa', {});
        return firstResult;
      });
      expect((result as { status: number }).status).toBe(201);
      expect(seen).toHaveLength(4);
      const [a, b, c, d] = seen.map((request) => request.key);
      expect(a).toMatch(/^[0-9a-f]{32}$/);
      expect(b).toBe(a);
      expect(c).toBe(a);
      expect(d).toMatch(/^[0-9a-f]{32}$/);
      expect(d).not.toBe(a);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after two retries, and never retries an answer of the API itself or a GET', async () => {
    vi.useFakeTimers();
    try {
      const lost = await withNetwork([null, null, null, 201], async () => {
        const sent = http.post('/contacto-empresa', {}).catch((error: unknown) => error);
        await vi.runAllTimersAsync();
        return sent;
      });
      expect(lost.seen).toHaveLength(3);
      expect((lost.result as { code?: string }).code).toBe('ERR_NETWORK');

      const answered = await withNetwork([503, 201], () => http.post('/contacto-empresa', {}));
      expect(answered.seen).toHaveLength(1);
      const read = await withNetwork([null, 200], () => http.get('/remotes.json'));
      expect(read.seen).toEqual([{ method: 'get', key: undefined }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
