import { seoMetaTags, type Seo } from '@gota/shared/contracts';

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
  document.title = seo.title;
  for (const [attribute, key, content] of seoMetaTags(seo)) setMeta(attribute, key, content);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = seo.url;
}
