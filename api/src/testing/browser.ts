import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv } from '../types';

let nextIp = 1;
/** A distinct documentation address (RFC 5737) per browser, so throttle counters do not mix between tests. */
function uniqueIp(): string {
  const n = nextIp++;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** Sends without the anti-forgery token. */
  withoutToken?: boolean;
}

/**
 * A person's browser against the in-process app: keeps cookies, copies the `X-CSRF-TOKEN` of every answer (what the
 * shell does with its meta tag), fills an empty token the way an anonymous page's first script does (decision 040), and
 * sends the headers of product §7.
 *
 * @example
 * const browser = new Browser(app)
 * await browser.get('/login')
 * const res = await browser.post('/login', { email, password })
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** What the page's meta tag holds. */
  token = '';
  /** The anonymous anti-forgery cookie's name (`__Host-xsrf` when the app runs with secure cookies). */
  csrfCookie = 'xsrf';
  constructor(
    private readonly app: Hono<AppEnv>,
    readonly ip: string = uniqueIp(),
  ) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    // a test may write its own header (a client forging the left part); otherwise the one proxy in front adds the IP
    if (!headers.has('X-Forwarded-For')) headers.set('X-Forwarded-For', this.ip);
    const res = await this.app.request(path, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const token = res.headers.get('X-CSRF-TOKEN');
    if (token) this.token = token;
    return res;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { headers });
  }

  /**
   * What an anonymous page's first script does (early-script.ts): takes the double-submit cookie, or makes one, and
   * puts it in the empty meta tag.
   */
  fillToken(): string {
    let value = this.cookies.get(this.csrfCookie);
    if (!value) {
      value = randomBytes(24).toString('base64url');
      this.cookies.set(this.csrfCookie, value);
    }
    this.token ||= value;
    return this.token;
  }

  /** Asks for a token the server signs now (what the contact dialogs do as they open); the answer's header is adopted. */
  async ticket(): Promise<string> {
    const res = await this.get('/csrf-token');
    if (res.status !== 204) throw new Error(`GET /csrf-token: ${res.status}`);
    return this.token;
  }

  /** POSTs JSON (or a raw string body) with the site's headers, filling the token first as the page would. */
  async post(path: string, body: unknown, { headers = {}, withoutToken = false }: SendOptions = {}): Promise<Response> {
    if (!withoutToken) this.fillToken();
    return this.request(path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(withoutToken ? {} : { 'X-CSRF-TOKEN': this.token }),
        ...headers,
      },
    });
  }
}
