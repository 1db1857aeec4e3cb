import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageStyleSheets, renderDocument as build, uniqueFiles, type DocumentInput } from './document';

const renderDocument = (input: DocumentInput) => build(input).html;

const base = {
  page: { component: 'Post', props: {} as never, url: '/historias/x', version: 'v' },
  csrfToken: '',
  csrfCookie: { name: 'xsrf', secure: false },
  registry: {},
  shell: { js: [], css: [], hash: 'h' },
  render: { modules: [], css: [], scripts: [], manifests: [] },
};
const seo = { title: 'T', description: 'D', keywords: 'k', url: 'http://sitio.test/historias/x', baseUrl: 'http://sitio.test' };

describe('renderDocument', () => {
  it('writes structured data as inert JSON that no value can close', () => {
    const html = renderDocument({
      ...base,
      seo: { ...seo, jsonLd: [{ '@type': 'Article', headline: '</script><script>alert(1)</script>' }] },
    });
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(match?.[1]).not.toContain('<');
    expect(JSON.parse(match?.[1] ?? '')).toEqual({ '@type': 'Article', headline: '</script><script>alert(1)</script>' });
  });

  it('describes the share image on every page (#16 row 15)', () => {
    const plain = renderDocument({ ...base, seo });
    expect(plain).toContain('<meta property="og:image:alt" content="Gota a Gota: una gota sobre un degradado azul">');
    expect(plain).toContain('<meta name="twitter:image:alt" content="Gota a Gota: una gota sobre un degradado azul">');
    const story = renderDocument({
      ...base,
      seo: { ...seo, img: 'http://sitio.test/img/x.jpg', imgAlt: 'Tarjeta de la historia' },
    });
    expect(story).toContain('<meta property="og:image:alt" content="Tarjeta de la historia">');
  });

  it('tells the shell which rendered modules it loads only when the visitor gets near them (decision 020)', () => {
    const render = {
      html: '<main></main>',
      modules: ['mf_home/Index', 'mf_stories/StoryCarousel'],
      css: [],
      scripts: [],
      manifests: [],
    };
    const ssrData = (html: string) =>
      JSON.parse(/<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
    expect(ssrData(renderDocument({ ...base, seo, render: { ...render, deferred: ['mf_stories/StoryCarousel'] } }))).toEqual({
      modules: ['mf_home/Index', 'mf_stories/StoryCarousel'],
      deferred: ['mf_stories/StoryCarousel'],
    });
    // none deferred: the document is the same as before
    expect(ssrData(renderDocument({ ...base, seo, render: { ...render, deferred: [] } }))).toEqual({ modules: render.modules });
  });

  it('hides a rendered #root until the parser has passed its end, so that no frame shows part of the page (issue #43 item 4)', () => {
    const rendered = renderDocument({ ...base, seo, render: { ...base.render, html: '<main><p>Hola</p></main>' } });
    const head = rendered.slice(0, rendered.indexOf('</head>'));
    expect(head).toContain('<style>#root:not(:has(+ *)){visibility:hidden}</style>');
    // the rule lets go once #root has a next sibling: an inert element follows it at once, scripts or not
    expect(rendered).toMatch(/<div id="root"><main><p>Hola<\/p><\/main><\/div>\s*<div hidden data-root-end><\/div>/);
    // a page the browser renders has nothing to hide
    expect(renderDocument({ ...base, seo })).not.toContain(':has(+ *)');
  });

  it('asks for no script and no manifest before the first paint: the start script, last in <body>, does after it (decisions 033, 058)', () => {
    const html = renderDocument({
      ...base,
      seo,
      shell: { js: ['main.0123456789.js'], css: ['shell.0123456789.css'], preload: ['573.abcdef0123.js'], hash: 'h' },
      render: {
        modules: [],
        css: [],
        scripts: ['https://cdn.example/mf-home/remoteEntry.js'],
        manifests: ['https://cdn.example/mf-home/mf-manifest.json'],
      },
    });
    // no script element with a src, and no hint of a script or a manifest: nothing competes with the first screen
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/<link rel="preload" as="(script|fetch)"/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script>/);
    // the start script holds the entry, the chunks to preload and the manifests
    const start = /<script>(\(function\(u,p,m\)[^<]*)<\/script>\s*<\/body>/.exec(html)?.[1];
    expect(start).toContain(
      '(["/app/main.0123456789.js"],["/app/main.0123456789.js","/app/573.abcdef0123.js","https://cdn.example/mf-home/remoteEntry.js"],["https://cdn.example/mf-home/mf-manifest.json"]);',
    );
  });

  it('writes the style sheets it is given into <head>, and links those of the widgets below the first screen last (decision 058)', () => {
    const shell = { js: [], css: ['shell.0123456789.css'], hash: 'h' };
    const render = {
      html: '<main></main>',
      modules: [],
      css: ['/mf/mf-home/1.0123456789.css', '/mf/mf-stories/2.0123456789.css'],
      scripts: [],
      manifests: [],
    };
    const sheets = pageStyleSheets(shell, render.css, new Set(['/mf/mf-stories/2.0123456789.css']));
    expect(sheets).toEqual({
      first: ['/app/shell.0123456789.css', '/mf/mf-home/1.0123456789.css'],
      later: ['/mf/mf-stories/2.0123456789.css'],
    });
    const html = renderDocument({
      ...base,
      seo,
      shell,
      render,
      styles: { head: '<style data-href="/app/shell.0123456789.css">a{}</style>', later: sheets.later },
    });
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<style data-href="/app/shell.0123456789.css">a{}</style>');
    expect(html).toMatch(/<\/script>\s*<link rel="stylesheet" href="\/mf\/mf-stories\/2\.0123456789\.css">\s*<\/body>/);
    // without them (a document built by a tool), every sheet is linked from <head>, the shell's first
    const linked = renderDocument({ ...base, seo, shell, render });
    expect([...linked.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map(([, href]) => href)).toEqual([
      '/app/shell.0123456789.css',
      ...render.css,
    ]);
  });

  it("copies the render's image preloads into <head>, before the style sheets, so that the first screen's photo is asked for at once", () => {
    const hint =
      '<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/img/a-480.avif 480w" imageSizes="100vw"/>';
    const html = renderDocument({
      ...base,
      seo,
      shell: { js: [], css: ['shell.0123456789.css'], hash: 'h' },
      render: { ...base.render, html: `${hint}<main><link rel="preload" as="image" href="/late.png"/></main>` },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(hint)).toBeGreaterThan(-1);
    expect(head.indexOf(hint)).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    // only what React put first: a hint inside the markup is the markup's
    expect(head).not.toContain('/late.png');
  });

  it('names every inline script it wrote by its hash, and carries no nonce; a signed-in page carries its token', () => {
    const { html, scriptHashes } = build({
      ...base,
      seo: { ...seo, jsonLd: [{ '@type': 'Article' }] },
      shell: { js: ['main.0123456789.js'], css: [], hash: 'h' },
    });
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
    );
    expect(scripts).toHaveLength(2);
    expect(scriptHashes.split(' ').sort()).toEqual(scripts.sort());
    expect(html).not.toContain('nonce');
    expect(html).toContain('<meta name="csrf-token" content="">');
    expect(build({ ...base, seo, csrfToken: 'un.token.firmado' }).html).toContain(
      '<meta name="csrf-token" content="un.token.firmado">',
    );
  });

  it('writes no structured data when the page has none', () => {
    expect(renderDocument({ ...base, seo })).not.toContain('ld+json');
  });
});

describe('uniqueFiles', () => {
  it('keeps each file once, and of two chunks with the same content the one the runtime loads', () => {
    expect(uniqueFiles(['/app/244.ddc819be98.js', '/app/345.f305865cf9.js', '/app/244.ddc819be98.js'])).toEqual([
      '/app/244.ddc819be98.js',
      '/app/345.f305865cf9.js',
    ]);
    expect(
      uniqueFiles(['/app/516.3110249236.css', '/app/288.1320469cc5.css', '/app/907.1320469cc5.css'], new Set(['907'])),
    ).toEqual(['/app/516.3110249236.css', '/app/907.1320469cc5.css']);
    expect(uniqueFiles(['/app/288.1320469cc5.css', '/app/907.1320469cc5.css'])).toEqual(['/app/288.1320469cc5.css']);
    // the same content under two remotes is two files: each remote's build is its own
    expect(uniqueFiles(['/mf/mf-home/1.aaaaaaaaaa.css', '/mf/mf-stories/1.aaaaaaaaaa.css'])).toHaveLength(2);
  });
});
