import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger';
import { releaseSnapshot } from '../render/release-snapshot';
import { parseRelease } from '../render/remote-manifest';
import { localOrigin } from '../render/server-fetch';
import { inlineStyles, laterSheets, mentionedNames, textForDocument, trimmedSheet } from './inline-styles';

const logger = createLogger({ level: 'silent' });

/** Files by the address the server reads them at; a missing one fails as the renderer's fetch does. */
function files(bodies: Record<string, string>) {
  const asked: string[] = [];
  const read = vi.fn(async (href: string) => {
    asked.push(href);
    const body = bodies[href];
    if (body === undefined) throw new Error(`${href} no existe`);
    return new Response(body, { status: 200 });
  });
  return { read, asked };
}

describe('textForDocument', () => {
  it('minifies, and makes every address relative to the sheet absolute, since in the document it would be read from the page', () => {
    const css = `@import 'otra.css';\n/* tokens */\n.a {\n  background: url("fondo.svg");\n}\n.b { background: url(../img/x.png) }\n.c { background: url(data:image/png;base64,AA) }\n.d { background: url(/raiz.svg) }\n/*# sourceMappingURL=a.css.map */`;
    expect(textForDocument(css, '/mf/mf-home/a.0123456789.css')).toBe(
      '@import "/mf/mf-home/otra.css";.a{background:url(/mf/mf-home/fondo.svg)}.b{background:url(/mf/img/x.png)}.c{background:url(data:image/png;base64,AA)}.d{background:url(/raiz.svg)}',
    );
    // a release's sheet keeps its origin
    expect(textForDocument('.a{background:url(f.svg)}', 'https://cdn.example/mf-home/a.css')).toBe(
      '.a{background:url(https://cdn.example/mf-home/f.svg)}',
    );
  });

  it('cannot close the <style> element it goes into', () => {
    expect(textForDocument('.a::after{content:"</style><script>alert(1)</script>"}', '/app/a.css')).not.toMatch(/<\/style/i);
  });

  it('keeps a sheet it cannot parse as it is', () => {
    // an @import after a rule is invalid: lightningcss refuses the sheet, which goes in unminified, its addresses made absolute
    expect(textForDocument('.a { color: red }\n@import "b.css";', '/app/a.css')).toBe('.a { color: red }\n@import "/app/b.css";');
  });
});

describe('inlineStyles', () => {
  it("writes each sheet's text in order, named by its address, read once for every document that asks", async () => {
    const { read, asked } = files({
      [`${localOrigin}/app/shell.0123456789.css`]: 'body { margin: 0 }',
      'https://cdn.example/mf-home/1.0123456789.css': '.x { color: red }',
    });
    const styles = inlineStyles({ read, logger });
    const hrefs = ['/app/shell.0123456789.css', 'https://cdn.example/mf-home/1.0123456789.css'];
    const [first, second] = await Promise.all([styles.markup(hrefs), styles.markup(hrefs)]);
    expect(first).toBe(
      '<style data-href="/app/shell.0123456789.css">body{margin:0}</style>\n    <style data-href="https://cdn.example/mf-home/1.0123456789.css">.x{color:red}</style>',
    );
    expect(second).toBe(first);
    expect(await styles.markup(hrefs.slice(0, 1))).toBe('<style data-href="/app/shell.0123456789.css">body{margin:0}</style>');
    expect(asked).toEqual([`${localOrigin}/app/shell.0123456789.css`, 'https://cdn.example/mf-home/1.0123456789.css']);
  });

  it('links a sheet it cannot read, does not ask again for a while, and writes it once it can', async () => {
    vi.useFakeTimers();
    try {
      const bodies: Record<string, string> = { [`${localOrigin}/app/shell.0123456789.css`]: 'a{color:red}' };
      const { read, asked } = files(bodies);
      const styles = inlineStyles({ read, logger, retryAfterMs: 5000 });
      const hrefs = ['/app/shell.0123456789.css', 'https://caido.example/mf-home/1.0123456789.css'];
      const linked =
        '<style data-href="/app/shell.0123456789.css">a{color:red}</style>\n    <link rel="stylesheet" href="https://caido.example/mf-home/1.0123456789.css" crossorigin="anonymous">';
      expect(await styles.markup(hrefs)).toBe(linked);
      expect(await styles.markup(hrefs)).toBe(linked);
      expect(asked.filter((href) => href.includes('caido'))).toHaveLength(1);
      bodies['https://caido.example/mf-home/1.0123456789.css'] = 'b{color:blue}';
      vi.advanceTimersByTime(5000);
      expect(await styles.markup(hrefs)).toContain(
        '<style data-href="https://caido.example/mf-home/1.0123456789.css">b{color:#00f}</style>',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('links a sheet whose name has no content hash, a development build rebuilt at the same address, without reading it', async () => {
    const { read } = files({ [`${localOrigin}/mf/mf-home/Index.css`]: 'a{color:red}' });
    expect(await inlineStyles({ read, logger }).markup(['/mf/mf-home/Index.css'])).toBe(
      '<link rel="stylesheet" href="/mf/mf-home/Index.css">',
    );
    expect(read).not.toHaveBeenCalled();
  });

  it('links a sheet that does not arrive within its budget, and writes it for the next document', async () => {
    let arrive: (response: Response) => void = () => undefined;
    const read = vi.fn(() => new Promise<Response>((resolve) => (arrive = resolve)));
    const styles = inlineStyles({ read, logger, budgetMs: 10 });
    expect(await styles.markup(['/app/lenta.0123456789.css'])).toBe('<link rel="stylesheet" href="/app/lenta.0123456789.css">');
    arrive(new Response('a { color: red }'));
    await vi.waitFor(async () =>
      expect(await styles.markup(['/app/lenta.0123456789.css'])).toBe(
        '<style data-href="/app/lenta.0123456789.css">a{color:red}</style>',
      ),
    );
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('trimmedSheet', () => {
  const css = [
    ':root{--gap:1rem}',
    'body,html{margin:0}',
    '.top-bar{display:flex}',
    '.top-bar .menu-open{display:block}',
    '.dialog,.alert{position:fixed}',
    'body.dark,.theme-dark{color:#fff}',
    '#root>.footer{margin-top:auto}',
    '.link:hover{color:red}',
    '.card:not(.wide){width:50%}',
    '@media (min-width:600px){.top-bar{gap:var(--gap)}.drawer{width:256px}}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
  ].join('');

  it('keeps the rules whose selector names only what the document mentions, or nothing, in their order', () => {
    const html = '<div id="root"><header class="top-bar"><a class="link card">x</a></header><p class="footer"></p></div>';
    const cut = trimmedSheet(css)(mentionedNames(html, "document.body.classList.add('dark')"));
    expect(cut).toBe(
      ':root{--gap:1rem}body,html{margin:0}.top-bar{display:flex}body.dark,.theme-dark{color:#fff}#root>.footer{margin-top:auto}' +
        '.link:hover{color:red}.card:not(.wide){width:50%}@media (width>=600px){.top-bar{gap:var(--gap)}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it('keeps a rule for a state a script adds only when the document names it, and every rule of a list of selectors', () => {
    const trim = trimmedSheet(css);
    expect(trim(mentionedNames('<div class="alert"></div>'))).toContain('.dialog,.alert{position:fixed}');
    expect(trim(mentionedNames('<div class="top-bar menu-open"></div>'))).toContain('.top-bar .menu-open{display:block}');
    expect(trim(mentionedNames('<div class="menu-open"></div>'))).not.toContain('menu-open');
    // the same cut for the same names, whatever the document
    expect(trim(mentionedNames('<b class="top-bar">'))).toBe(trim(mentionedNames('<i class="top-bar"></i>')));
  });
});

describe('inlineStyles, with the shell sheet cut for a document', () => {
  it('writes the cut in the head, marked for the start script to link the whole sheet after it', async () => {
    const { read } = files({
      [`${localOrigin}/app/shell.0123456789.css`]: '.a { color: red } .b { color: blue }',
      [`${localOrigin}/mf/mf-home/1.0123456789.css`]: '.c { color: green } .d { color: black }',
    });
    const styles = inlineStyles({ read, logger });
    const hrefs = ['/app/shell.0123456789.css', '/mf/mf-home/1.0123456789.css'];
    const page = { trimmed: new Set(['/app/shell.0123456789.css']), mentioned: mentionedNames('<p class="a c"></p>') };
    expect(await styles.markup(hrefs, page)).toBe(
      '<style data-href="/app/shell.0123456789.css" data-rest>.a{color:red}</style>\n    ' +
        '<style data-href="/mf/mf-home/1.0123456789.css">.c{color:green}.d{color:#000}</style>',
    );
    // a document that mentions every rule gets the whole sheet, and nothing linked
    expect(await styles.markup(hrefs.slice(0, 1), { ...page, mentioned: mentionedNames('<p class="a b">') })).toBe(
      '<style data-href="/app/shell.0123456789.css">.a{color:red}.b{color:#00f}</style>',
    );
    // without a document, as before
    expect(await styles.markup(hrefs.slice(0, 1))).toBe(
      '<style data-href="/app/shell.0123456789.css">.a{color:red}.b{color:#00f}</style>',
    );
  });
});

describe('laterSheets', () => {
  const manifest = (exposes: Record<string, string[]>) => ({
    name: 'mf_stories',
    metaData: { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server' }, ssrRemoteEntrySha256: 'a'.repeat(64) },
    exposes: Object.entries(exposes).map(([name, ssrCss]) => ({
      name,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      ssrCss,
    })),
  });
  const pinned = (name: string, exposes: Record<string, string[]>) => {
    const url = `/mf/${name}/mf-manifest.json`;
    return {
      name,
      releaseId: 'local',
      browserUrl: url,
      code: parseRelease(name, `${localOrigin}${url}`, url, manifest(exposes)),
      serverFiles: [],
    };
  };
  const snapshot = releaseSnapshot(0, [
    pinned('mf_home', { Index: ['index.css', 'ui.css'] }),
    pinned('mf_stories', { StoryCarousel: ['carousel.css', 'ui.css'] }),
  ]);

  it("are the deferred widgets' sheets that no other module of the page needs", () => {
    const render = { modules: ['mf_home/Index', 'mf_stories/StoryCarousel'], deferred: ['mf_stories/StoryCarousel'] };
    expect(laterSheets(render, snapshot)).toEqual(new Set(['/mf/mf_stories/carousel.css', '/mf/mf_stories/ui.css']));
    expect(laterSheets({ ...render, deferred: [] }, snapshot)).toEqual(new Set());
    // the same file in one remote's build is needed by the page itself: it stays in <head>
    const shared = releaseSnapshot(0, [pinned('mf_home', { Index: ['index.css', 'ui.css'], Widget: ['ui.css', 'widget.css'] })]);
    expect(laterSheets({ modules: ['mf_home/Index', 'mf_home/Widget'], deferred: ['mf_home/Widget'] }, shared)).toEqual(
      new Set(['/mf/mf_home/widget.css']),
    );
  });
});
