import { afterEach, describe, expect, it } from 'vitest';
import type { Seo } from '@gota/shared/contracts';
import { applySeo } from './seo-head';

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;

const login: Seo = {
  title: 'Iniciar sesión · Gota a Gota',
  description: 'Entra a tu cuenta',
  keywords: 'cuenta',
  url: 'https://gota.example/login',
  baseUrl: 'https://gota.example',
  robots: 'noindex, nofollow',
};

const story: Seo = {
  title: 'Un latido en cada gota',
  description: 'Una historia',
  keywords: 'agua',
  url: 'https://gota.example/historias/un-latido-en-cada-gota',
  img: 'https://gota.example/img/historia.jpg',
  imgAlt: 'Manos bajo un chorro de agua',
  baseUrl: 'https://gota.example',
  jsonLd: [{ '@type': 'Article' }, { '@type': 'BreadcrumbList' }],
};

describe('the head after a visit in the browser', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('says what the server would say: robots, the kind of page, the share image and its description', () => {
    applySeo(login);
    expect(meta('name="robots"')).toBe('noindex, nofollow');
    expect(meta('property="og:type"')).toBe('website');
    expect(meta('property="og:image:alt"')).toBe('Gota a Gota: una gota sobre un degradado azul');

    // from an account page to a story: it can be indexed again, and it is an article with its own image
    applySeo(story);
    expect(document.title).toBe('Un latido en cada gota');
    expect(meta('name="robots"')).toBe('index, follow');
    expect(meta('property="og:type"')).toBe('article');
    expect(meta('property="og:image"')).toBe('https://gota.example/img/historia.jpg');
    expect(meta('name="twitter:image:alt"')).toBe('Manos bajo un chorro de agua');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(story.url);
    // each tag once
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
  });
});
