import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * An anonymous page's answer, as a document or as a JSON page object: the same bytes for every visitor of its URL
 * while the generation (content, page version, server code) lasts (decision 040).
 */
export interface PageAnswer {
  status: number;
  /**
   * Every header the answer is sent with, per content-coding, worked out when it was built (decision 046): the page
   * protocol's (type, caching, Vary), the handler's (X-Robots-Tag), the security headers with the CSP of its scripts,
   * the ETag and the Content-Encoding. What is per request (X-Request-Id, Server-Timing) is added when it is sent.
   */
  sent: Readonly<Record<ContentCoding, Readonly<Record<string, string>>>>;
  kind: 'html' | 'json';
  plain: Buffer;
  /** Strong entity tag of the plain body; the gzipped body's adds `-gzip`, brotli's `-br` (other representations, other bytes). */
  etag: string;
  /** The CSP sources of a document's inline scripts (`'sha256-…'`), hashed when it was built; '' for JSON. */
  scriptHashes: string;
  /** Made on the first request that accepts gzip, then kept with the answer. */
  gzipped?: Buffer;
  /** Made on the first request that accepts brotli once the answer is admitted (see `representation`), then kept. */
  brotli?: Buffer;
  /** Set when the answer enters the main LRU (asked for twice): only then is it worth brotli at its highest quality. */
  admitted?: boolean;
  /** The generation it was built in. */
  builtIn: string;
  /**
   * How long it may be kept, in ms, when that is a few seconds only (a page whose failed modules were left to the
   * browser, decision 052): such an answer stays in probation until then, never admitted.
   */
  keptMs?: number;
}

export interface PageAnswersOptions {
  /** How many answers are kept at most; 0 keeps none (each is built for its request only). */
  maxEntries?: number;
  /** How many bytes are kept at most, over all answers (plain and gzipped). */
  maxBytes?: number;
}

/** The content-codings a kept answer is sent in. */
export type ContentCoding = 'identity' | 'gzip' | 'br';

/**
 * The content-coding to send `answer` in, for a request's `Accept-Encoding`: brotli when it is accepted and the answer
 * was admitted to the main LRU (asked for at least twice in this generation), else gzip when accepted, else none. An
 * answer built for its request only, or in probation (asked once, perhaps a random address), never costs brotli's
 * highest quality, which takes several times gzip's CPU: a client that accepts gzip gets gzip, as before.
 */
export function contentCoding(answer: PageAnswer, acceptEncoding: string | undefined): ContentCoding {
  if (answer.admitted && accepts(acceptEncoding, 'br')) return 'br';
  return accepts(acceptEncoding, 'gzip') ? 'gzip' : 'identity';
}

/** The answer with its body in this content-coding, and that representation's headers. */
export function representation(
  answer: PageAnswer,
  coding: ContentCoding,
): { body: Buffer; headers: Readonly<Record<string, string>> } {
  // once per answer: whole, at the highest level, where per-request compression would have to be quick
  if (coding === 'gzip') answer.gzipped ??= gzipSync(answer.plain, { level: constants.Z_BEST_COMPRESSION });
  else if (coding === 'br') {
    answer.brotli ??= brotliCompressSync(answer.plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: answer.kind === 'html' ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: answer.plain.length,
      },
    });
  }
  const body = coding === 'gzip' ? answer.gzipped : coding === 'br' ? answer.brotli : answer.plain;
  return { body: body ?? answer.plain, headers: answer.sent[coding] };
}

/**
 * The anonymous answers already built, by URL and kind (issue #11 §9, decision 040). What an anonymous visitor gets
 * from a page URL depends only on the content, the page version (shell and registry) and the server code that
 * rendered it — the `generation` — and on the page's address (`pageAddress`: its path and the query parameters it
 * reads), so a hit skips the route's handler, the page object, its JSON and the render. Nothing in an answer is per
 * visitor, so it is sent as it is kept, and gzipped once. The caller decides what may be shared: never a signed-in
 * visitor's page nor a partial reload.
 *
 * An answer is admitted in two steps (decision 052), so that addresses asked once — random searches, random paths —
 * never push out the pages visitors keep asking for. A new answer waits in a small `probation` LRU (a tenth of the
 * entries); asked for again while there, a page (200) moves into the main LRU. A 404 stays in probation for good: a
 * flood of missing paths only ever evicts other answers asked once. A page whose failed modules were left to the
 * browser is kept in probation for its few seconds only (`keptMs`), never admitted.
 *
 * @example
 * const answers = pageAnswers({ maxEntries: 500 })
 * answers.sweep(generation)
 * const hit = answers.get(`${kind} ${url}`) ?? answers.keep(key, answers.build({ … }))
 */
export function pageAnswers(options: PageAnswersOptions = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 80_000_000;
  // room for the gzipped and brotli copies too, which come later (about a third and a quarter of the plain bytes)
  const sizeCalculation = (answer: PageAnswer) => Math.max(1, Math.ceil(answer.plain.length * 1.6));
  const entries = new LRUCache<string, PageAnswer>({ max: Math.max(1, maxEntries), maxSize: maxBytes, sizeCalculation });
  const probation = new LRUCache<string, PageAnswer>({
    max: Math.max(4, Math.ceil(maxEntries / 10)),
    maxSize: Math.max(1_000_000, Math.ceil(maxBytes / 10)),
    sizeCalculation,
  });
  let generation = '';

  return {
    enabled: maxEntries > 0,
    /** Forgets every answer when the generation (content, page version, server code) differs from the last one seen. */
    sweep(version: string): void {
      if (version === generation) return;
      generation = version;
      entries.clear();
      probation.clear();
    },
    /** The answer kept for `key`; a page asked for the second time moves out of probation (a 404 never does). */
    get(key: string): PageAnswer | undefined {
      const kept = entries.get(key);
      if (kept) return kept;
      const trial = probation.get(key);
      if (trial?.status === 200 && trial.keptMs === undefined) {
        probation.delete(key);
        trial.admitted = true;
        entries.set(key, trial);
      }
      return trial;
    },
    /**
     * An answer for `body`, built in generation `builtIn` (read when its request began): its entity tag is made from
     * that generation and the bytes, once per answer, never per request. `headers` are the ones it is sent with in
     * either content-coding; the ETag and Content-Encoding of each are added here.
     */
    build(input: {
      status: number;
      headers: Record<string, string>;
      kind: PageAnswer['kind'];
      body: string;
      scriptHashes: string;
      builtIn: string;
      keptMs?: number;
    }): PageAnswer {
      const plain = Buffer.from(input.body, 'utf8');
      const etag = createHash('sha256').update(input.builtIn).update('\n').update(plain).digest('base64url').slice(0, 27);
      const sent = {
        identity: { ...input.headers, etag: `"${etag}"` },
        // the gzipped body is another representation, with other bytes: another tag
        gzip: { ...input.headers, etag: `"${etag}-gzip"`, 'content-encoding': 'gzip' },
        br: { ...input.headers, etag: `"${etag}-br"`, 'content-encoding': 'br' },
      };
      const answer: PageAnswer = {
        status: input.status,
        sent,
        kind: input.kind,
        plain,
        etag,
        scriptHashes: input.scriptHashes,
        builtIn: input.builtIn,
      };
      if (input.keptMs !== undefined) answer.keptMs = input.keptMs;
      return answer;
    },
    /**
     * Keeps an answer for the next requests of its URL (when the cache has room at all), if the generation is still the
     * one it was built in: in probation, unless its key was admitted already. One whose generation changed
     * meanwhile is answered but not kept: a release that went live during the render would otherwise keep the previous
     * release's HTML under the new generation (issue #35).
     */
    keep(key: string, answer: PageAnswer): PageAnswer {
      if (maxEntries <= 0 || answer.builtIn !== generation) return answer;
      if (answer.keptMs !== undefined) probation.set(key, answer, { ttl: answer.keptMs });
      else if (entries.has(key)) {
        answer.admitted = true;
        entries.set(key, answer);
      } else probation.set(key, answer);
      return answer;
    },
    /** The answers kept: `entries` in all, `admitted` of them in the main LRU (the rest in probation). */
    stats: () => ({
      entries: entries.size + probation.size,
      admitted: entries.size,
      bytes: entries.calculatedSize + probation.calculatedSize,
    }),
  };
}

export type PageAnswers = ReturnType<typeof pageAnswers>;

/**
 * Whether an `Accept-Encoding` header accepts `coding`: named with a q above 0, or not named and `*` above 0 (the rule
 * of hono/compress, which compresses every other answer).
 */
export function accepts(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  let wildcard = 0;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';');
    const named = name.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number.parseFloat(value ?? '');
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (named === coding) return q > 0;
    if (named === '*') wildcard = q;
  }
  return wildcard > 0;
}
