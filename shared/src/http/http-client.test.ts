import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withSiteHeaders } from './http-client';

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
