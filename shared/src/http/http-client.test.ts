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
