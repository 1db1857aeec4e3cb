import { describe, expect, it } from 'vitest';
import { backgroundStyle, cssUrl, parseBackgroundCss } from './background-style';

describe('parseBackgroundCss', () => {
  it('keeps the background-painting declarations, camel-cased', () => {
    expect(parseBackgroundCss('background-position: center top; background-size: contain;opacity:.9')).toEqual({
      backgroundPosition: 'center top',
      backgroundSize: 'contain',
      opacity: '.9',
    });
  });

  it('drops properties that could move, cover or hide the page, and values that could load anything', () => {
    expect(
      parseBackgroundCss(
        'position: absolute; z-index: 9999; display: none; background-color: red; ' +
          'background-position: url(https://tracker.example/p.gif); filter: image-set("x.png" 1x); content: "x"',
      ),
    ).toEqual({ backgroundColor: 'red' });
  });

  it('ignores nothing-strings and malformed declarations', () => {
    expect(parseBackgroundCss(undefined)).toEqual({});
    expect(parseBackgroundCss('background-size; : cover; background-size:')).toEqual({});
  });
});

describe('backgroundStyle', () => {
  it('layers the covers over the image, first on top', () => {
    const style = backgroundStyle({ minWidth: 0, path: '/img/fondo.svg', covers: ['rgba(0, 0, 0, 0.4)', '#0b5cad33'] });
    expect(style.backgroundImage).toBe(
      'linear-gradient(rgba(0, 0, 0, 0.4), rgba(0, 0, 0, 0.4)), linear-gradient(#0b5cad33, #0b5cad33), url("/img/fondo.svg")',
    );
    expect(style).toMatchObject({
      backgroundSize: '100% 100%, 100% 100%, cover',
      backgroundPosition: '0 0, 0 0, center',
      backgroundRepeat: 'no-repeat, no-repeat, no-repeat',
    });
  });

  it('sizes and places only the image with css, never the covers', () => {
    const style = backgroundStyle({
      minWidth: 0,
      path: '/a.jpg',
      css: 'background-size: 40px; background-repeat: repeat',
      covers: ['#000'],
    });
    expect(style).toMatchObject({ backgroundSize: '100% 100%, 40px', backgroundRepeat: 'no-repeat, repeat' });
  });

  it('lets css override the defaults but never the image', () => {
    const style = backgroundStyle({ minWidth: 0, path: '/a.jpg', css: 'background-size: contain; background-image: none' });
    expect(style.backgroundSize).toBe('contain');
    expect(style.backgroundImage).toBe('url("/a.jpg")');
    expect(style).not.toHaveProperty('background-image');
  });

  it('drops covers that are not plain colours', () => {
    const style = backgroundStyle({
      minWidth: 0,
      path: '/a.jpg',
      covers: ['red), url(https://tracker.example/p.gif', 'var(--color-scrim)'],
    });
    expect(style.backgroundImage).toBe('linear-gradient(var(--color-scrim), var(--color-scrim)), url("/a.jpg")');
  });
});

describe('cssUrl', () => {
  it('escapes what could close the url', () => {
    expect(cssUrl('/img/a") b.jpg')).toBe('url("/img/a\\22 ) b.jpg")');
  });
});
