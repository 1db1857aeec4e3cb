import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { createElement as h } from 'react';
import satori from 'satori';
import { appName } from '@gota/shared/contracts';

/** The size of an Open Graph image, as the networks draw it. */
const shareCardSize = { width: 1200, height: 630 } as const;

/** Finds a package's file wherever npm put it. */
const require = createRequire(import.meta.url);

/** The campaign's colours, read from the site's tokens (the light theme, the first value of each). */
function campaignColours(): { primary: string; strong: string; onPrimary: string; accent: string } {
  const tokens = readFileSync(require.resolve('@gota/shared/tokens.css'), 'utf8');
  const colour = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{3,8})\\s*;`, 'i').exec(tokens)?.[1];
    if (!value) throw new Error(`tokens.css no define --${name}`);
    return value;
  };
  return {
    primary: colour('color-primary'),
    strong: colour('color-primary-strong'),
    onPrimary: colour('color-on-primary'),
    accent: colour('color-focus'),
  };
}

let assets:
  | { fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]; colours: ReturnType<typeof campaignColours> }
  | undefined;

/** Fonts from an npm package (Inter, latin: every Spanish letter and sign) and the colours, read once. */
function loadAssets(): NonNullable<typeof assets> {
  assets ??= {
    fonts: [
      {
        name: 'Inter',
        data: readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')),
        weight: 400,
        style: 'normal',
      },
      {
        name: 'Inter',
        data: readFileSync(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')),
        weight: 700,
        style: 'normal',
      },
    ],
    colours: campaignColours(),
  };
  return assets;
}

/** Left and right margin of the card's text. */
const margin = 80;

/** Long titles get a smaller type, so up to the panel's 140 characters fit in four lines. */
const titleSize = (title: string) => (title.length <= 50 ? 76 : title.length <= 90 ? 62 : 50);

/**
 * A story's share card (issue #41 item 4): its title on the campaign's colours, 1200×630 PNG, drawn on the server with
 * no browser (satori lays out and writes SVG, resvg rasterises it) and no network (the font is an npm package's file).
 * With `photo` (the photo's `share` crop, a 1200×630 JPEG) the photo fills the card and the title sits on a band of
 * the campaign's blue that fades into it from below.
 *
 * @example
 * const png = await shareCard({ title: 'Una escuela que cosecha la lluvia' })
 */
export async function shareCard({ title, photo }: { title: string; photo?: Buffer | undefined }): Promise<Buffer> {
  const { fonts, colours } = loadAssets();
  const full = { position: 'absolute', top: 0, left: 0, width: shareCardSize.width, height: shareCardSize.height } as const;
  // the margins are on an inner box: satori lays out the root as content-box, so its padding would grow the card
  const card = h(
    'div',
    {
      style: {
        display: 'flex',
        position: 'relative',
        width: shareCardSize.width,
        height: shareCardSize.height,
        backgroundImage: `linear-gradient(135deg, ${colours.primary} 0%, ${colours.strong} 100%)`,
        color: colours.onPrimary,
        fontFamily: 'Inter',
      },
    },
    photo &&
      h('img', {
        src: `data:image/jpeg;base64,${photo.toString('base64')}`,
        width: shareCardSize.width,
        height: shareCardSize.height,
        style: { ...full, objectFit: 'cover' },
      }),
    // the title stays readable on any photo: the blue band under it, opaque where the text is
    photo &&
      h('div', {
        style: {
          ...full,
          display: 'flex',
          backgroundImage: `linear-gradient(180deg, ${colours.strong}00 25%, ${colours.strong}e6 62%, ${colours.strong} 100%)`,
        },
      }),
    h(
      'div',
      {
        style: {
          display: 'flex',
          flexDirection: 'column',
          justifyContent: photo ? 'flex-end' : 'space-between',
          gap: 28,
          flexGrow: 1,
          margin: `72px ${margin}px`,
          position: 'relative',
        },
      },
      h('div', { style: { width: 120, height: 12, borderRadius: 6, backgroundColor: colours.accent } }),
      h(
        'div',
        {
          style: {
            display: 'block',
            width: shareCardSize.width - 2 * margin,
            fontSize: photo ? Math.min(titleSize(title), 62) : titleSize(title),
            fontWeight: 700,
            lineHeight: 1.15,
            lineClamp: photo ? 3 : 4,
          },
        },
        title,
      ),
      h('div', { style: { display: 'flex', fontSize: 34, fontWeight: 400 } }, appName),
    ),
  );
  const svg = await satori(card, { ...shareCardSize, fonts });
  return new Resvg(svg, { fitTo: { mode: 'width', value: shareCardSize.width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}
