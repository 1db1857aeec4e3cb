import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHttp, type FakeHttp } from '../testing/fake-http';
import { adoptCsrfToken, http, isCancel, isHttpError, parseHeaders, retryDelaysMs, withSiteHeaders, xhrTransport, type HttpError } from './http-client';

let network: FakeHttp;

beforeEach(() => {
  network = fakeHttp();
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
});
afterEach(() => {
  network.restore();
  document.head.innerHTML = '';
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The rejection of a request that must fail. */
async function failure(request: Promise<unknown>): Promise<HttpError> {
  const error = await request.then(
    () => {
      throw new Error('la petición no debía resolverse');
    },
    (reason: unknown) => reason,
  );
  if (!isHttpError(error)) throw error;
  return error;
}

describe('withSiteHeaders', () => {
  it('sends the anti-forgery token from the meta tag and marks the request as asynchronous', () => {
    const headers = withSiteHeaders({});
    expect(headers['X-CSRF-TOKEN']).toBe('token-123');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('logs an error and sends no token header when the meta tag is missing', () => {
    document.head.innerHTML = '';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const headers = withSiteHeaders({ 'x-csrf-token': 'viejo' });
    expect(Object.keys(headers)).toEqual(['X-Requested-With']);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('token'));
  });

  it('reads the token on every request, so a new session token is picked up', () => {
    document.head.innerHTML = '<meta name="csrf-token" content="uno">';
    expect(withSiteHeaders({})['X-CSRF-TOKEN']).toBe('uno');
    document.querySelector('meta')?.setAttribute('content', 'dos');
    expect(withSiteHeaders({})['X-CSRF-TOKEN']).toBe('dos');
  });
});

describe('requests', () => {
  it('asks for JSON with the site headers, and lets the caller add or replace headers', async () => {
    network.reply({ status: 200, data: {} });
    await http.get('/remotes.json');
    await http.get('/historias', { headers: { Accept: 'text/html', 'X-Inertia': 'true' } });
    expect(network.sent[0]).toMatchObject({
      method: 'GET',
      url: '/remotes.json',
      body: undefined,
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': 'token-123' },
    });
    expect(network.sent[0]?.headers).not.toHaveProperty('Content-Type');
    expect(network.sent[1]?.headers).toMatchObject({ Accept: 'text/html', 'X-Inertia': 'true', 'X-CSRF-TOKEN': 'token-123' });
  });

  it('sends a plain value as JSON and a FormData as it is, letting the browser write its content type', async () => {
    network.reply({ status: 201, data: { message: 'ok' } });
    await http.post('/contacto', { nombre: 'Ana', edad: 30 });
    const form = new FormData();
    form.append('foto[]', new File(['x'], 'x.png'));
    await http.put('/perfil', form);
    await http.post('/logout');
    expect(network.sent[0]?.headers['Content-Type']).toBe('application/json');
    expect(network.sent[0]?.body).toBe('{"nombre":"Ana","edad":30}');
    expect(network.sent[1]?.method).toBe('PUT');
    expect(network.sent[1]?.body).toBe(form);
    expect(network.sent[1]?.headers).not.toHaveProperty('Content-Type');
    expect(network.sent[2]?.body).toBeUndefined();
    expect(network.sent[2]?.headers).not.toHaveProperty('Content-Type');
  });

  it('resolves a 2xx with its status, JSON data and headers (lower-case names)', async () => {
    network.reply({ status: 201, data: { message: 'Recibido' }, headers: { 'X-Request-Id': 'r1' } });
    const response = await http.post<{ message: string }>('/contacto', {});
    expect(response).toEqual({ status: 201, data: { message: 'Recibido' }, headers: { 'x-request-id': 'r1' } });
  });

  it('gives null for an empty body, the text for a body that is not JSON, and the text when asked for text', async () => {
    network.reply({ status: 204 }, { status: 200, body: 'hola' }, { status: 200, body: '{"a":1}' });
    expect((await http.post('/logout')).data).toBeNull();
    expect((await http.get('/texto')).data).toBe('hola');
    expect((await http.get('/pagina', { responseType: 'text' })).data).toBe('{"a":1}');
  });
});

describe('errors', () => {
  it('rejects any other status with an error carrying status, data and headers of the answer', async () => {
    network.reply({ status: 422, data: { errors: { email: ['Correo electrónico inválido'] } }, headers: { 'Retry-After': '60' } });
    const error = await failure(http.post('/login', {}));
    expect(error).toBeInstanceOf(Error);
    expect(isHttpError(error)).toBe(true);
    expect(isCancel(error)).toBe(false);
    expect(error.status).toBe(422);
    expect(error.response).toEqual({ status: 422, data: { errors: { email: ['Correo electrónico inválido'] } }, headers: { 'retry-after': '60' } });
    expect(error.config).toMatchObject({ method: 'post', url: '/login' });
  });

  it('keeps a body that is not JSON as text (a proxy\'s error page)', async () => {
    network.reply({ status: 500, body: '<html>proxy</html>', headers: { 'content-type': 'text/html' } });
    const error = await failure(http.get('/historias'));
    expect(error.response?.data).toBe('<html>proxy</html>');
  });

  it('has no answer when none came', async () => {
    network.reply('no-answer');
    const error = await failure(http.get('/historias'));
    expect(error.response).toBeUndefined();
    expect(error.status).toBeUndefined();
    expect(isCancel(error)).toBe(false);
  });

  it('resolves every status the caller accepts', async () => {
    network.reply({ status: 409, body: '', headers: { 'X-Inertia-Location': '/aliados' } });
    const response = await http.get('/aliados', { validateStatus: () => true });
    expect(response.status).toBe(409);
    expect(response.headers['x-inertia-location']).toBe('/aliados');
  });

  it('recognises only its own errors', () => {
    expect(isHttpError(new Error('x'))).toBe(false);
    expect(isHttpError(null)).toBe(false);
    expect(isHttpError({ isHttpError: true })).toBe(true);
  });
});

describe('cancellation', () => {
  it('rejects as cancelled when the signal aborts while waiting, and does not send an aborted request', async () => {
    network.respondWith(() => new Promise(() => {}));
    const controller = new AbortController();
    const pending = failure(http.get('/lento', { signal: controller.signal }));
    await vi.waitFor(() => expect(network.sent).toHaveLength(1));
    expect(network.sent[0]?.signal).toBe(controller.signal);
    controller.abort();
    const error = await pending;
    expect(isCancel(error)).toBe(true);
    expect(error.response).toBeUndefined();

    expect(isCancel(await failure(http.post('/contacto', {}, { signal: controller.signal })))).toBe(true);
    expect(network.sent).toHaveLength(1);
  });

  it('does not hand over an answer that came after the abort', async () => {
    const controller = new AbortController();
    network.respondWith(() => {
      controller.abort();
      return { status: 200, data: {} };
    });
    expect(isCancel(await failure(http.get('/x', { signal: controller.signal })))).toBe(true);
  });

  it('stops retrying once the caller aborts', async () => {
    vi.useFakeTimers();
    network.reply('no-answer');
    const controller = new AbortController();
    const pending = failure(http.post('/contacto', {}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.runAllTimersAsync();
    expect(isCancel(await pending)).toBe(true);
    expect(network.sent).toHaveLength(1);
  });
});

describe('upload progress', () => {
  it('hands the transport the progress callback of the request', async () => {
    network.respondWith((request) => {
      request.onUploadProgress?.({ loaded: 25, total: 100 });
      request.onUploadProgress?.({ loaded: 100, total: 100 });
      return { status: 200 };
    });
    const seen: number[] = [];
    await http.post('/subir', new FormData(), { onUploadProgress: ({ loaded, total }) => seen.push(loaded / total) });
    expect(seen).toEqual([0.25, 1]);
  });
});

describe('token renewal', () => {
  it('adopts a new token the server sends, creating the meta tag when missing', () => {
    document.head.innerHTML = '';
    adoptCsrfToken({ headers: { 'x-csrf-token': 'nuevo' } });
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('nuevo');
    adoptCsrfToken({ headers: {} });
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('nuevo');
  });

  it('sends the renewed token on the next request, after a success and after an error answer', async () => {
    document.head.innerHTML = '<meta name="csrf-token" content="viejo">';
    network.reply(
      { status: 419, data: {}, headers: { 'X-CSRF-TOKEN': 'renovado' } },
      { status: 200, data: {}, headers: { 'X-CSRF-TOKEN': 'tras-login' } },
      { status: 200, data: {} },
    );
    await expect(http.post('/contacto-empresa', {})).rejects.toThrow();
    await http.post('/login', {});
    await http.post('/contacto-empresa', {});
    expect(network.sent.map((request) => request.headers['X-CSRF-TOKEN'])).toEqual(['viejo', 'renovado', 'tras-login']);
  });
});

describe('Idempotency-Key (issue #15 row 3)', () => {
  it('sends one key per submission and the same key on each retry of a lost answer', async () => {
    vi.useFakeTimers();
    network.reply('no-answer', { status: 502, body: 'Bad Gateway' }, { status: 201, data: {} });
    const first = http.post('/contacto-empresa', {});
    await vi.runAllTimersAsync();
    expect((await first).status).toBe(201);
    await http.post('/contacto-empresa', {});
    expect(network.sent).toHaveLength(4);
    const [a, b, c, d] = network.sent.map((request) => request.headers['Idempotency-Key']);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(d).toMatch(/^[0-9a-f]{32}$/);
    expect(d).not.toBe(a);
  });

  it('waits the retry delays before each retry, and reads the token again for it', async () => {
    vi.useFakeTimers();
    network.reply({ status: 504, body: '', headers: { 'x-csrf-token': 'nuevo' } }, { status: 201, data: {} });
    const sent = http.post('/contacto', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(network.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(retryDelaysMs[0]! - 1);
    expect(network.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.sent).toHaveLength(2);
    expect((await sent).status).toBe(201);
    expect(network.sent[1]?.headers['X-CSRF-TOKEN']).toBe('nuevo');
  });

  it('keeps a key the caller chose', async () => {
    network.reply({ status: 201, data: {} });
    await http.post('/contacto', {}, { headers: { 'idempotency-key': 'mia' } });
    expect(network.sent[0]?.headers).toEqual(expect.objectContaining({ 'idempotency-key': 'mia' }));
    expect(network.sent[0]?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('gives up after two retries, and never retries an answer of the API itself, nor a GET', async () => {
    vi.useFakeTimers();
    network.reply('no-answer');
    const lost = failure(http.post('/contacto-empresa', {}));
    await vi.runAllTimersAsync();
    expect((await lost).response).toBeUndefined();
    expect(network.sent).toHaveLength(3);

    network.restore();
    network = fakeHttp();
    network.reply({ status: 503, data: {} }, { status: 201, data: {} });
    expect((await failure(http.post('/contacto-empresa', {}))).status).toBe(503);
    expect(network.sent).toHaveLength(1);

    network.restore();
    network = fakeHttp();
    network.reply('no-answer', { status: 200, data: {} });
    await failure(http.get('/remotes.json'));
    expect(network.sent).toHaveLength(1);
    expect(network.sent[0]?.headers).not.toHaveProperty('Idempotency-Key');
  });
});

/** A stand-in for the browser's XMLHttpRequest: records what the transport does and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  sentBody: unknown;
  withCredentials = false;
  aborted = false;
  status = 0;
  responseText = '';
  rawHeaders = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sentBody = body;
  }
  getAllResponseHeaders() {
    return this.rawHeaders;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  answer(status: number, body: string, rawHeaders: string) {
    Object.assign(this, { status, responseText: body, rawHeaders });
    this.onload?.();
    this.onloadend?.();
  }
}

describe('xhrTransport', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
  afterEach(() => vi.unstubAllGlobals());
  const xhr = () => FakeXhr.last!;

  it('sends method, url, headers and body with credentials, and resolves with any status', async () => {
    const pending = xhrTransport({ method: 'POST', url: '/contacto', headers: { 'X-A': '1' }, body: '{}' });
    expect(xhr().opened).toEqual(['POST', '/contacto']);
    expect(xhr().headers).toEqual({ 'X-A': '1' });
    expect(xhr().withCredentials).toBe(true);
    expect(xhr().sentBody).toBe('{}');
    xhr().answer(422, '{"message":"x"}', 'Content-Type: application/json\r\nX-CSRF-TOKEN: t2\r\n');
    await expect(pending).resolves.toEqual({
      status: 422,
      body: '{"message":"x"}',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 't2' },
    });
  });

  it('reports upload progress the browser can measure', async () => {
    const seen: [number, number][] = [];
    const pending = xhrTransport({ method: 'POST', url: '/subir', headers: {}, body: new FormData(), onUploadProgress: ({ loaded, total }) => seen.push([loaded, total]) });
    xhr().upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 40 } as ProgressEvent);
    xhr().upload.onprogress?.({ lengthComputable: false, loaded: 20, total: 0 } as ProgressEvent);
    xhr().answer(200, '', '');
    await pending;
    expect(seen).toEqual([[10, 40]]);
  });

  it('rejects when no answer comes, and aborts with the signal', async () => {
    const lost = xhrTransport({ method: 'GET', url: '/x', headers: {}, body: undefined });
    expect(xhr().sentBody).toBeNull();
    xhr().onerror?.();
    await expect(lost).rejects.toThrow();

    const controller = new AbortController();
    const aborted = xhrTransport({ method: 'GET', url: '/x', headers: {}, body: undefined, signal: controller.signal });
    controller.abort();
    expect(xhr().aborted).toBe(true);
    await expect(aborted).rejects.toThrow();

    FakeXhr.last = undefined;
    await expect(xhrTransport({ method: 'GET', url: '/x', headers: {}, body: undefined, signal: controller.signal })).rejects.toThrow();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('reads response headers with lower-case names', () => {
    expect(parseHeaders('Content-Type: text/html; charset=utf-8\r\nX-Inertia: true\r\n')).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'x-inertia': 'true',
    });
    expect(parseHeaders('')).toEqual({});
  });
});
