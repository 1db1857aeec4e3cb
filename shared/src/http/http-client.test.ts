import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHttp, type FakeHttp } from '../testing/fake-http';
import { AxiosError, http, isAxiosError, isCancel, retryDelaysMs } from './http-client';

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
async function failure(request: Promise<unknown>): Promise<AxiosError> {
  const error = await request.then(
    () => {
      throw new Error('la petición no debía resolverse');
    },
    (reason: unknown) => reason,
  );
  if (!isAxiosError(error)) throw error;
  return error;
}

describe('site headers', () => {
  it('asks for JSON with the anti-forgery token and the asynchronous mark, and lets the caller add or replace headers', async () => {
    network.reply({ status: 200, data: {} });
    await http.get('/remotes.json');
    await http.get('/historias', { headers: { Accept: 'text/html', 'X-Inertia': 'true' } });
    expect(network.sent[0]).toMatchObject({
      method: 'GET',
      url: '/remotes.json',
      body: undefined,
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': 'token-123' },
    });
    expect(network.sent[1]?.headers).toMatchObject({ Accept: 'text/html', 'X-Inertia': 'true', 'X-CSRF-TOKEN': 'token-123' });
  });

  it('logs an error and sends no token header when the meta tag is missing, whatever the caller passed', async () => {
    document.head.innerHTML = '';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    network.reply({ status: 200, data: {} });
    await http.get('/x', { headers: { 'x-csrf-token': 'viejo' } });
    expect(Object.keys(network.sent[0]!.headers).map((name) => name.toLowerCase())).not.toContain('x-csrf-token');
    expect(network.sent[0]?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('token'));
  });

  it('reads the token on every request, so a new session token is picked up', async () => {
    network.reply({ status: 200, data: {} });
    document.head.innerHTML = '<meta name="csrf-token" content="uno">';
    await http.get('/x');
    document.querySelector('meta')?.setAttribute('content', 'dos');
    await http.get('/x');
    expect(network.sent.map((request) => request.headers['X-CSRF-TOKEN'])).toEqual(['uno', 'dos']);
  });
});

describe('requests', () => {
  it('sends a plain value as JSON and a FormData as it is', async () => {
    network.reply({ status: 201, data: { message: 'ok' } });
    await http.post('/contacto', { nombre: 'Ana', edad: 30 });
    const form = new FormData();
    form.append('foto[]', new File(['x'], 'x.png'));
    await http.put('/perfil', form);
    expect(network.sent[0]?.headers['Content-Type']).toBe('application/json');
    expect(network.sent[0]?.body).toBe('{"nombre":"Ana","edad":30}');
    expect(network.sent[1]?.method).toBe('PUT');
    expect(network.sent[1]?.body).toBe(form);
  });

  it('resolves a 2xx with its status, JSON data and headers (lower-case names)', async () => {
    network.reply({ status: 201, data: { message: 'Recibido' }, headers: { 'X-Request-Id': 'r1' } });
    const response = await http.post<{ message: string }>('/contacto', {});
    expect(response.status).toBe(201);
    expect(response.data).toEqual({ message: 'Recibido' });
    expect(response.headers['x-request-id']).toBe('r1');
  });

  it('gives the text of a body that is not JSON, and the text when asked for text', async () => {
    network.reply({ status: 200, body: 'hola' }, { status: 200, body: '{"a":1}' });
    expect((await http.get('/texto')).data).toBe('hola');
    expect((await http.get('/pagina', { responseType: 'text' })).data).toBe('{"a":1}');
  });
});

describe('errors', () => {
  it('rejects any other status with an error carrying status, data and headers of the answer', async () => {
    network.reply({
      status: 422,
      data: { errors: { email: ['Correo electrónico inválido'] } },
      headers: { 'Retry-After': '60' },
    });
    const error = await failure(http.post('/login', {}));
    expect(error).toBeInstanceOf(AxiosError);
    expect(isCancel(error)).toBe(false);
    expect(error.status).toBe(422);
    expect(error.response?.data).toEqual({ errors: { email: ['Correo electrónico inválido'] } });
    expect(error.response?.headers['retry-after']).toBe('60');
    expect(error.config).toMatchObject({ method: 'post', url: '/login' });
  });

  it("keeps a body that is not JSON as text (a proxy's error page)", async () => {
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
    let settled = false;
    void pending.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(network.sent).toHaveLength(1);
    controller.abort();
    // at once, not after the retry's delay
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    expect(isCancel(await pending)).toBe(true);
    await vi.runAllTimersAsync();
    expect(network.sent).toHaveLength(1);
  });
});

describe('token renewal', () => {
  it('adopts a new token the server sends, creating the meta tag when missing', async () => {
    document.head.innerHTML = '';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    network.reply({ status: 200, data: {}, headers: { 'X-CSRF-TOKEN': 'nuevo' } }, { status: 200, data: {} });
    await http.get('/x');
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('nuevo');
    await http.get('/x');
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
    // the retries send the same body
    expect(network.sent.map((request) => request.json)).toEqual([{}, {}, {}, {}]);
  });

  it('waits the retry delays before each retry, and reads the token again for it', async () => {
    vi.useFakeTimers();
    network.reply({ status: 504, body: '', headers: { 'x-csrf-token': 'nuevo' } }, { status: 201, data: {} });
    const sent = http.post('/contacto', { nombre: 'Ana' });
    await vi.advanceTimersByTimeAsync(0);
    expect(network.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(retryDelaysMs[0]! - 1);
    expect(network.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.sent).toHaveLength(2);
    expect((await sent).status).toBe(201);
    expect(network.sent[1]?.headers['X-CSRF-TOKEN']).toBe('nuevo');
    expect(network.sent[1]?.json).toEqual({ nombre: 'Ana' });
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

/** A stand-in for the browser's XMLHttpRequest: records what axios's XHR adapter does with it and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  sentBody: unknown;
  withCredentials = false;
  aborted = false;
  timeout = 0;
  responseType = '';
  status = 0;
  statusText = '';
  responseText = '';
  responseURL = '';
  rawHeaders = '';
  readonly upload = new EventTarget();
  onloadend: (() => void) | null = null;
  onerror: ((event?: unknown) => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
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
  }
  answer(status: number, body: string, rawHeaders: string) {
    Object.assign(this, { status, responseText: body, rawHeaders });
    this.onloadend?.();
  }
}

describe("on the wire (axios's XHR adapter)", () => {
  beforeEach(() => {
    network.restore();
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());
  /** The request the adapter opened, once the interceptors have run. */
  const xhr = async () => {
    await vi.waitFor(() => expect(FakeXhr.last?.opened).toBeDefined());
    return FakeXhr.last!;
  };

  it('sends method, url, the site headers and a JSON body with credentials, and reads the answer', async () => {
    const pending = http.post('/contacto', { nombre: 'Ana' });
    const request = await xhr();
    expect(request.opened).toEqual(['POST', '/contacto']);
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': 'token-123',
    });
    expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(request.sentBody).toBe('{"nombre":"Ana"}');
    request.answer(201, '{"message":"Recibido"}', 'Content-Type: application/json\r\nX-CSRF-TOKEN: t2\r\n');
    const response = await pending;
    expect(response.data).toEqual({ message: 'Recibido' });
    expect(response.headers['content-type']).toBe('application/json');
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('t2');
  });

  it('lets the browser write the content type of a FormData, and sends none without a body', async () => {
    const form = new FormData();
    form.append('foto[]', new File(['x'], 'x.png'));
    const upload = http.post('/subir', form);
    const withForm = await xhr();
    expect(withForm.sentBody).toBe(form);
    expect(Object.keys(withForm.headers).map((name) => name.toLowerCase())).not.toContain('content-type');
    withForm.answer(204, '', '');
    await upload;

    FakeXhr.last = undefined;
    const logout = http.post('/logout');
    const empty = await xhr();
    expect(empty.sentBody).toBeNull();
    expect(Object.keys(empty.headers).map((name) => name.toLowerCase())).not.toContain('content-type');
    empty.answer(204, '', '');
    await logout;
  });

  it('reports the upload progress the browser measures', async () => {
    const seen: [number, number | undefined][] = [];
    const pending = http.post('/subir', new FormData(), { onUploadProgress: ({ loaded, total }) => seen.push([loaded, total]) });
    const request = await xhr();
    request.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: 10, total: 40 }));
    request.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: 40, total: 40 }));
    request.upload.dispatchEvent(new ProgressEvent('loadend'));
    request.answer(200, '', '');
    await pending;
    expect(seen).toEqual([
      [10, 40],
      [40, 40],
    ]);
  });

  it('aborts the request with the signal, and reads a network error as no answer', async () => {
    const controller = new AbortController();
    const aborted = failure(http.get('/x', { signal: controller.signal }));
    const request = await xhr();
    controller.abort();
    expect(request.aborted).toBe(true);
    expect(isCancel(await aborted)).toBe(true);

    FakeXhr.last = undefined;
    const lost = failure(http.get('/x'));
    (await xhr()).onerror?.();
    expect((await lost).response).toBeUndefined();
  });
});
