import { transform, type Selector } from 'lightningcss';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logging/logger';
import type { ReleaseSnapshot } from '../render/release-snapshot';
import { exposeAssets } from '../render/remote-manifest';
import type { RenderedPage } from '../render/page-renderer';
import { settle } from '../lifecycle/time-limit';
import { localOrigin } from '../render/server-fetch';
import { cutSheetTag, isContentHashed, styleSheetTag } from './document';

/** How the serving process reads a build's file: the page renderer's `fetchCode` (local builds from disk, allowed origins over HTTP). */
type ReadFile = (href: string) => Promise<Response>;

export interface InlineStylesOptions {
  read: ReadFile;
  logger: Logger;
  /** How long a document waits for a sheet it has not read yet before linking it instead (the render's budget). */
  budgetMs?: number;
  /** After a sheet could not be read, how long it is linked without trying again. */
  retryAfterMs?: number;
}

/** `url(…)` and `@import "…"` in a style sheet: the addresses that are relative to the sheet. */
const cssAddress = /(url\(\s*)(['"]?)([^'")\s]+)\2(\s*\))|(@import\s+)(['"])([^'"]+)\6/g;
/** A source map comment names a file beside the sheet; in the document it would name one beside the page. */
const sourceMapComment = /\/\*#\s*sourceMappingURL=[^*]*\*\//g;

/** The sheet minified (lightningcss: the builds' sheets keep their comments and spacing); as it is, if it does not parse. */
function minified(css: string, href: string): string {
  try {
    return transform({ filename: href, code: Buffer.from(css), minify: true }).code.toString();
  } catch {
    return css;
  }
}

/**
 * A sheet's text as it must read inside the document: minified, every relative address made absolute from the sheet's
 * own address (in a `<style>` they would be read from the page's), and nothing that could close the element.
 */
export function textForDocument(css: string, href: string): string {
  const base = new URL(href, `${localOrigin}/`);
  const absolute = (address: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(address)) return address;
    const resolved = new URL(address, base);
    return resolved.origin === localOrigin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : resolved.href;
  };
  return minified(css.replace(sourceMapComment, ''), href)
    .replace(
      cssAddress,
      (
        whole,
        open: string | undefined,
        quote: string,
        address: string,
        close: string,
        imported: string | undefined,
        importQuote: string,
        importAddress: string,
      ) =>
        open !== undefined
          ? `${open}${quote}${absolute(address)}${quote}${close}`
          : imported !== undefined
            ? `${imported}${importQuote}${absolute(importAddress)}${importQuote}`
            : whole,
    )
    .replace(/<\/(style)/gi, '<\\/$1');
}

/** The class and id names one selector needs on its element and its ancestors (those inside `:not()`, `:is()`… are not counted). */
function namesOf(selector: Selector): string[] {
  return selector.flatMap((part) => (part.type === 'class' || part.type === 'id' ? [part.name] : []));
}

/**
 * A sheet cut to what one document can use before its scripts run (issue #43, decision 058): a rule stays when one
 * selector of its list names only classes and ids that the document mentions somewhere (its markup, its first
 * script), or none; the others style what only a script adds (an open menu, a dialog, an alert) or what another page
 * has, and come with the whole sheet, linked without blocking the paint. Made by `trimmedSheet(css)`, which reads the
 * sheet once; each cut is worked out from a list of which rules stay, and kept by that list.
 *
 * @example
 * const cut = trimmedSheet(css)
 * const text = cut((name) => html.includes(name))
 */
export function trimmedSheet(css: string): (mentioned: (name: string) => boolean) => string {
  // each style rule's selectors as lists of names, in the order lightningcss visits them (the same on every pass)
  const needs: string[][][] = [];
  transform({
    filename: 'shell.css',
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          needs.push(rule.value.selectors.map(namesOf));
          return undefined;
        },
      },
    },
  });
  const cuts = new LRUCache<string, string>({ max: 100 });
  return (mentioned) => {
    const kept = needs.map((selectors) => selectors.some((names) => names.every(mentioned)));
    const key = kept.map((stays) => (stays ? '1' : '0')).join('');
    let cut = cuts.get(key);
    if (cut === undefined) {
      let index = 0;
      cut = transform({
        filename: 'shell.css',
        code: Buffer.from(css),
        minify: true,
        visitor: { Rule: { style: () => (kept[index++] ? undefined : []) } },
      }).code.toString();
      cuts.set(key, cut);
    }
    return cut;
  };
}

/** The names a document mentions: every word of its markup and scripts that could be a class or an id. */
export function mentionedNames(...texts: (string | undefined)[]): (name: string) => boolean {
  const names = new Set<string>();
  for (const text of texts) for (const word of text?.match(/-?[A-Za-z_][\w-]*/g) ?? []) names.add(word);
  return (name) => names.has(name);
}

/** The style sheets of these modules (`mf_stories/StoryCarousel`), as the page renderer lists them, from the set's manifests. */
function sheetsOf(ids: readonly string[], snapshot: ReleaseSnapshot): Set<string> {
  const sheets = new Set<string>();
  for (const id of ids) {
    const remote = id.slice(0, id.indexOf('/'));
    const release = snapshot.releases.get(remote)?.code;
    if (release) for (const href of exposeAssets(release, id.slice(remote.length + 1)).css) sheets.add(href);
  }
  return sheets;
}

/**
 * The sheets only the page's deferred widgets need (decision 020: below the first screen, loaded when near): linked at
 * the end of the document instead of written into its head (decision 058). A sheet another module of the page needs
 * too stays in the head.
 */
export function laterSheets(render: Pick<RenderedPage, 'modules' | 'deferred'>, snapshot: ReleaseSnapshot): Set<string> {
  if (render.deferred.length === 0) return new Set();
  const first = sheetsOf(
    render.modules.filter((id) => !render.deferred.includes(id)),
    snapshot,
  );
  return new Set([...sheetsOf(render.deferred, snapshot)].filter((href) => !first.has(href)));
}

/**
 * The style sheets of a page written into its document (issue #43, decision 058): the browser paints the first screen
 * after one round trip, the document's, instead of one more per sheet. The serving process reads each sheet where the
 * renderer reads the builds' code (`fetchCode`): the local builds from disk, a release's files from its origin, so a
 * remote released alone brings its styles with it. Sheets are content-hashed, so a sheet's text is kept by its address,
 * and the markup of a page's list of sheets by that list: a release set or a shell build is a new list. A document
 * keeps what it was given: the kept answer holds the markup, so a cached page costs nothing more.
 *
 * A sheet not read within `budgetMs` is linked, as before, and read in the background for the next document; one that
 * cannot be read (an origin down) is linked without trying again for `retryAfterMs`. A sheet whose name carries no
 * content hash (a development build, rebuilt at the same address) is linked too.
 *
 * @example
 * const styles = inlineStyles({ read: renderer.fetchCode, logger })
 * const markup = await styles.markup(['/app/shell-styles.0123456789.css', '/mf/mf-home/1.0123456789.css'])
 */
export function inlineStyles(options: InlineStylesOptions) {
  const { read, logger, budgetMs = 300, retryAfterMs = 5000 } = options;
  const texts = new LRUCache<string, string>({
    max: 500,
    maxSize: 8_000_000,
    sizeCalculation: (text) => Math.max(1, text.length),
  });
  const reading = new Map<string, Promise<string>>();
  const failedAt = new Map<string, number>();
  const markups = new LRUCache<string, string>({
    max: 200,
    maxSize: 20_000_000,
    sizeCalculation: (markup) => Math.max(1, markup.length),
  });

  /** A sheet's text, read once however many documents ask for it meanwhile. */
  function textOf(href: string): Promise<string> {
    let pending = reading.get(href);
    if (!pending) {
      pending = (async () => {
        const response = await read(new URL(href, `${localOrigin}/`).href);
        return textForDocument(await response.text(), href);
      })()
        .then((text) => {
          texts.set(href, text);
          failedAt.delete(href);
          return text;
        })
        .catch((error: unknown) => {
          failedAt.set(href, performance.now());
          logger.warn(
            { sheet: href, err: (error as Error).message },
            'no se pudo leer una hoja de estilos para la página; se enlaza',
          );
          throw error;
        })
        .finally(() => reading.delete(href));
      reading.set(href, pending);
    }
    return pending;
  }

  const trims = new LRUCache<string, ReturnType<typeof trimmedSheet>>({ max: 20 });
  /** `href`'s text cut for one document, with the whole sheet linked after it; the whole text if it cannot be cut. */
  function trimmedMarkup(href: string, text: string, mentioned: (name: string) => boolean): string {
    let trim = trims.get(href);
    if (trim === undefined) {
      try {
        trim = trimmedSheet(text);
      } catch {
        trim = () => text;
      }
      trims.set(href, trim);
    }
    let cut = text;
    try {
      cut = trim(mentioned);
    } catch {
      trims.set(href, () => text);
    }
    return cut.length === text.length ? styleSheetTag(href, text) : cutSheetTag(href, cut);
  }

  return {
    /**
     * The markup of these sheets, in their order. Only a list whose every sheet was read is kept; a list with a sheet
     * linked instead is worked out again by the next document that asks. With `page`, each sheet of `page.trimmed`
     * (the shell's) is cut to what the document mentions (`trimmedSheet`) and the whole of it linked right after
     * without blocking the paint (the start script turns it on).
     */
    async markup(
      hrefs: readonly string[],
      page?: { trimmed: ReadonlySet<string>; mentioned: (name: string) => boolean },
    ): Promise<string> {
      const key = hrefs.join('\n');
      const known = page ? undefined : markups.get(key);
      if (known !== undefined) return known;
      const now = performance.now();
      const read = await Promise.all(
        hrefs.map(async (href) => {
          if (!isContentHashed(href)) return undefined;
          const kept = texts.get(href);
          if (kept !== undefined) return kept;
          const failed = failedAt.get(href);
          if (failed !== undefined && now - failed < retryAfterMs) return undefined;
          const outcome = await settle(textOf(href), budgetMs);
          return 'value' in outcome ? outcome.value : undefined;
        }),
      );
      const markup = hrefs
        .map((href, index) => {
          const text = read[index];
          return page && text !== undefined && page.trimmed.has(href)
            ? trimmedMarkup(href, text, page.mentioned)
            : styleSheetTag(href, text);
        })
        .join('\n    ');
      if (!page && read.every((text) => text !== undefined)) markups.set(key, markup);
      return markup;
    },
  };
}
