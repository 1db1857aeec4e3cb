import { LRUCache } from 'lru-cache';
import type { PerRequest } from './document-cache';
import { acceptsGzip, pieceTemplate, type PieceTemplate } from './gzip-pieces';

/** Which per-request value goes between two static pieces of a document. */
type Slot = keyof PerRequest;

/** An anonymous page's answer, as a document or as a JSON page object, for every request of its URL. */
export interface PageAnswer {
  status: number;
  /** Headers the page's handler set (X-Robots-Tag on the account pages). */
  headers: [string, string][];
  kind: 'html' | 'json';
  /** The static pieces, compressed once; `slots[i]` goes between pieces i and i+1. */
  text: PieceTemplate;
  slots: Slot[];
  /** The whole answer gzipped, when it has no per-request piece (a JSON page object). */
  gzipped?: Buffer;
  plainBytes?: Buffer;
}

export interface PageAnswersOptions {
  /** How many answers are kept at most; 0 keeps none. */
  maxEntries?: number;
  /** How many bytes are kept at most, over all answers (uncompressed and gzipped). */
  maxBytes?: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The anonymous answers already built, by URL and kind (issue #11 §9). What an anonymous visitor gets from a page URL
 * depends only on the content, the page version (shell and registry) and the server code that rendered it — the
 * `generation` — and on the URL itself, so a hit skips the route's handler, the page object, its JSON and the cache
 * key's digest. A document is kept split at the marks of `document-cache.ts`, each static piece with its deflate
 * stream: a request only copies bytes and puts its own nonce and anti-forgery token in between (`gzip-pieces.ts`).
 * The caller decides what may be shared: never a signed-in visitor's page nor a partial reload.
 *
 * @example
 * const answers = pageAnswers({ maxEntries: 500 })
 * answers.sweep(generation)
 * const hit = answers.get(`${kind} ${url}`)
 */
export function pageAnswers(marks: PerRequest, options: PageAnswersOptions = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const entries = new LRUCache<string, PageAnswer>({
    max: Math.max(1, maxEntries),
    maxSize: options.maxBytes ?? 80_000_000,
    sizeCalculation: (answer) => Math.max(1, answer.text.rawLength * 2),
  });
  const split = new RegExp(`(${escapeRegExp(marks.nonce)}|${escapeRegExp(marks.csrfToken)})`);
  let generation = '';

  return {
    enabled: maxEntries > 0,
    /** Forgets every answer when the generation (content, page version, server code) differs from the last one seen. */
    sweep(version: string): void {
      if (version === generation) return;
      generation = version;
      entries.clear();
    },
    get(key: string): PageAnswer | undefined {
      return entries.get(key);
    },
    /**
     * Keeps a document rendered with the marks in place of the nonce and the token, if the generation is still the one
     * it was built in (`builtIn`, read when the request began). One whose generation changed meanwhile is answered but
     * not kept: a release that went live during the render would otherwise keep the previous release's HTML under the
     * new generation (issue #35).
     */
    setHtml(key: string, status: number, headers: [string, string][], template: string, builtIn: string): PageAnswer {
      const parts = template.split(split);
      const pieces: string[] = [];
      const slots: Slot[] = [];
      parts.forEach((part, i) => {
        if (i % 2 === 0) pieces.push(part);
        else slots.push(part === marks.nonce ? 'nonce' : 'csrfToken');
      });
      const answer: PageAnswer = { status, headers, kind: 'html', text: pieceTemplate(pieces), slots };
      if (builtIn === generation) entries.set(key, answer);
      return answer;
    },
    /** Keeps a JSON page object (nothing in it changes per request), on the terms of `setHtml`. */
    setJson(key: string, status: number, headers: [string, string][], json: string, builtIn: string): PageAnswer {
      const text = pieceTemplate([json]);
      const answer: PageAnswer = { status, headers, kind: 'json', text, slots: [], plainBytes: text.plain([]) };
      answer.gzipped = text.gzip([]);
      if (builtIn === generation) entries.set(key, answer);
      return answer;
    },
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}

export type PageAnswers = ReturnType<typeof pageAnswers>;

/**
 * The body of an answer for one request, gzipped when the client accepts it, never for HEAD: what hono/compress does
 * with every other page answer (it sees no Content-Length on them, so its size threshold never applies), and the same
 * `Vary`.
 */
export function answerBody(
  answer: PageAnswer,
  values: PerRequest,
  { acceptEncoding, head }: { acceptEncoding: string | undefined; head: boolean },
): { body: Buffer; gzip: boolean; vary: string } {
  let buffers: Buffer[] = [];
  if (answer.slots.length > 0) {
    const nonce = Buffer.from(values.nonce);
    const token = Buffer.from(values.csrfToken);
    buffers = answer.slots.map((slot) => (slot === 'nonce' ? nonce : token));
  }
  if (head) return { body: Buffer.alloc(0), gzip: false, vary: 'X-Inertia' };
  const vary = 'X-Inertia, Accept-Encoding';
  if (acceptsGzip(acceptEncoding)) return { body: answer.gzipped ?? answer.text.gzip(buffers), gzip: true, vary };
  return { body: answer.plainBytes ?? answer.text.plain(buffers), gzip: false, vary };
}
