import { http, type HttpClient, type HttpHeaders, type TransportRequest, type TransportResponse } from '../http/http-client';

/** An answer: a status with its data (sent as JSON) or its raw body, and headers; or 'no-answer' (a lost answer). */
type FakeReply = { status: number; data?: unknown; body?: string; headers?: HttpHeaders } | 'no-answer';

/** A request the fake received: as on the wire, plus its body read back (JSON parsed, a FormData as it is). */
export interface SentRequest extends TransportRequest {
  /** The JSON body parsed, the FormData itself, or undefined without a body. */
  json: unknown;
}

export interface FakeHttp {
  /** Every request the client sent, in order (each retry too). */
  readonly sent: SentRequest[];
  /** Answers the next requests with these replies in order; the last one answers every request after it. */
  reply: (first: FakeReply, ...then: FakeReply[]) => void;
  /** Answers each request with what `handler` returns (it may wait, report upload progress, look at the request). */
  respondWith: (handler: (request: SentRequest) => FakeReply | Promise<FakeReply>) => void;
  /** Puts the client's own transport back. */
  restore: () => void;
}

/**
 * Replaces the network of the one http client (or of `client`) for a test: the client's own rules (headers, token,
 * idempotency key, retries, errors) still run; only the wire is fake. Without a reply set, a request gets no answer.
 *
 * @example
 * const network = fakeHttp();
 * network.reply({ status: 422, data: { errors: { email: ['Correo electrónico inválido'] } } });
 * afterEach(() => network.restore());
 */
export function fakeHttp(client: HttpClient = http): FakeHttp {
  const original = client.transport;
  const sent: SentRequest[] = [];
  let handler: (request: SentRequest) => FakeReply | Promise<FakeReply> = () => 'no-answer';

  client.transport = async (request): Promise<TransportResponse> => {
    const body = request.body;
    const recorded: SentRequest = { ...request, json: typeof body === 'string' ? (JSON.parse(body) as unknown) : body };
    sent.push(recorded);
    // like the browser's transport: an abort while waiting for the answer means no answer
    const reply = await new Promise<FakeReply>((resolve, reject) => {
      request.signal?.addEventListener('abort', () => reject(new Error('Petición cancelada')), { once: true });
      Promise.resolve(handler(recorded)).then(resolve, reject);
    });
    if (reply === 'no-answer') throw new Error('Sin respuesta (red falsa)');
    const { status, data, headers = {} } = reply;
    return { status, headers: lowerCaseNames(headers), body: reply.body ?? (data === undefined ? '' : JSON.stringify(data)) };
  };

  return {
    sent,
    reply: (first, ...then) => {
      const replies = [first, ...then];
      handler = () => (replies.length > 1 ? replies.shift()! : replies[0]!);
    },
    respondWith: (next) => {
      handler = next;
    },
    restore: () => {
      client.transport = original;
      sent.length = 0;
    },
  };
}

const lowerCaseNames = (headers: HttpHeaders): HttpHeaders =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
