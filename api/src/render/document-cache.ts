import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface DocumentCacheOptions {
  /** How many documents are kept at most; 0 keeps none (every request renders). */
  maxEntries?: number;
  /** How many characters of HTML are kept at most, over all documents. */
  maxChars?: number;
}

/** What changes per request inside a cached document: filled in on every answer, never stored. */
export interface PerRequest {
  nonce: string;
  csrfToken: string;
}

/**
 * The anonymous documents already rendered (issue #11, architecture §7): a bounded LRU of HTML templates in which the
 * CSP nonce and the anti-forgery token are marks, replaced per request. The key is a digest of the page object (its
 * URL, its version — shell and registry —, and every prop, so the content's version too) and of the server code that
 * rendered it, so a new release or a content change never meets an old render. Only the caller decides what may be
 * cached: never a signed-in visitor's page.
 *
 * @example
 * const cache = documentCache()
 * const html = cache.get(key, perRequest) ?? cache.set(key, render(cache.marks), perRequest)
 */
export function documentCache(options: DocumentCacheOptions = {}) {
  // random per process, so no page text can contain them by chance or on purpose
  const salt = randomBytes(12).toString('hex');
  const marks: PerRequest = { nonce: `nonce${salt}`, csrfToken: `csrf${salt}` };
  const templates = new LRUCache<string, string>({
    max: Math.max(1, options.maxEntries ?? 500),
    maxSize: options.maxChars ?? 40_000_000,
    sizeCalculation: (html) => Math.max(1, html.length),
  });
  let hits = 0;
  let misses = 0;
  let generation = '';

  const fill = (template: string, values: PerRequest) =>
    template.replaceAll(marks.nonce, values.nonce).replaceAll(marks.csrfToken, values.csrfToken);

  return {
    /** False when the cache was given no room: the caller renders every request. */
    enabled: (options.maxEntries ?? 500) > 0,
    /** Render with these in place of the nonce and the token, then give the result to `set`. */
    marks,
    /** The key of a page object rendered by server code `codeVersion`. */
    key(codeVersion: string, page: unknown): string {
      return createHash('sha256').update(codeVersion).update('\n').update(JSON.stringify(page)).digest('base64url');
    },
    /**
     * Forgets every document when `version` (the registry's, the content's) differs from the last one seen: the old
     * renders can never be asked for again, so they should not hold memory either.
     */
    sweep(version: string): void {
      if (version === generation) return;
      generation = version;
      templates.clear();
    },
    /** The cached document for this key, filled in for this request. */
    get(key: string, values: PerRequest): string | undefined {
      const template = templates.get(key);
      if (template === undefined) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      return fill(template, values);
    },
    /** The cached template itself, with the marks in it (the page protocol splits it at them). */
    template(key: string): string | undefined {
      const template = templates.get(key);
      if (template === undefined) misses += 1;
      else hits += 1;
      return template;
    },
    /** Stores a template rendered with `marks`, and returns it filled in for this request. */
    set(key: string, template: string, values: PerRequest): string {
      templates.set(key, template);
      return fill(template, values);
    },
    /** Fills in a template that is not stored (a render that was not complete). */
    fill,
    stats: () => ({ hits, misses, entries: templates.size, chars: templates.calculatedSize }),
  };
}

export type DocumentCache = ReturnType<typeof documentCache>;
