import type { Background } from '@gota/shared/contracts';
import type { CSSProperties } from 'react';

/**
 * Turns a fixed-layout background (product §2: a css style, an image path and optional colour overlays) into an inline style.
 *
 * `css` arrives as an inline style string ("background-position: center top; background-size: cover"). It is parsed,
 * not injected: only the background-painting properties below are kept, and a value that could load something
 * (`url(`, `image-set(`, `expression(`) or break out of a declaration is dropped. So a background can move or tint its
 * image but cannot position the layer over the page, load another resource or hide content.
 * Each `covers` colour becomes a flat gradient layer painted over the image, first on top.
 */
const allowedProperties = new Set([
  'background-position',
  'background-size',
  'background-repeat',
  'background-color',
  'background-blend-mode',
  'background-origin',
  'filter',
  'opacity',
]);

const unsafeValue = /url\(|image-set\(|image\(|expression\(|javascript:|[<>{}\\;]|\/\*/i;

/** Hex, rgb()/hsl() with plain numbers, a keyword, or a token: nothing that can load or escape. */
const colourValue = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/+-]+\)|[a-z]+|var\(--[\w-]+\))$/i;

/** A colour we accept as an overlay; the browser's own parser has the last word where there is one. */
function isColour(value: string): boolean {
  if (!colourValue.test(value)) return false;
  return typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', value);
}

const camelCase = (property: string) => property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function parseBackgroundCss(css: string | undefined): CSSProperties {
  const style: Record<string, string> = {};
  for (const declaration of (css ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!allowedProperties.has(property) || !value || unsafeValue.test(value)) continue;
    style[camelCase(property)] = value;
  }
  return style as CSSProperties;
}

/** The path as a quoted CSS url(), with the characters that could close it escaped. */
export function cssUrl(path: string): string {
  return `url("${path.replace(/[\\"\n\r\f]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}")`;
}

export function backgroundStyle(background: Background): CSSProperties {
  const covers = (background.covers ?? []).map((colour) => colour.trim()).filter(isColour);
  const { backgroundSize, backgroundPosition, backgroundRepeat, ...rest } = parseBackgroundCss(background.css);
  // one value per layer: the covers always fill the viewport, whatever size or position the css gives the image
  const perLayer = (cover: string, image: unknown) => [...covers.map(() => cover), String(image)].join(', ');
  return {
    ...rest,
    backgroundImage: [...covers.map((colour) => `linear-gradient(${colour}, ${colour})`), cssUrl(background.path)].join(', '),
    backgroundSize: perLayer('100% 100%', backgroundSize ?? 'cover'),
    backgroundPosition: perLayer('0 0', backgroundPosition ?? 'center'),
    backgroundRepeat: perLayer('no-repeat', backgroundRepeat ?? 'no-repeat'),
  };
}
