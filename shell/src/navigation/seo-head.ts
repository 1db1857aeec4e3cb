import type { Seo } from '@gota/shared/contracts';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Keeps the head in step with the page after a client-side navigation: the first document came with its tags from the
 * server; later pages only bring props, so the tags are rewritten here (crawlers that run scripts see the same).
 */
export function applySeo(seo: Seo | undefined): void {
  if (!seo) return;
  const image = seo.img ?? `${seo.baseUrl}/img/compartir.png`;
  document.title = seo.title;
  setMeta('name', 'description', seo.description);
  setMeta('name', 'keywords', seo.keywords);
  setMeta('property', 'og:title', seo.title);
  setMeta('property', 'og:description', seo.description);
  setMeta('property', 'og:url', seo.url);
  setMeta('property', 'og:image', image);
  setMeta('name', 'twitter:title', seo.title);
  setMeta('name', 'twitter:description', seo.description);
  setMeta('name', 'twitter:image', image);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = seo.url;
}
