import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Story, StorySummary } from '@gota/shared/contracts';
import { appName } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { repoRoot } from '../../env';

/** 'Historias populares' (product §2 Post): the first three other stories of the newest-first listing. */
export function popularStories(summaries: StorySummary[], slug: string, count = 3): StorySummary[] {
  return summaries.filter((other) => other.slug !== slug).slice(0, count);
}

/** The share cards drawn for the first stories (api/scripts/make-share-images.mjs), in api/public. */
const drawnCards = path.join(repoRoot, 'api/public/img/historias/compartir');

/**
 * The share card of a story: link previews need a raster image, none of the big networks renders SVG. The first
 * stories have one drawn from their illustration (1200×630 JPEG); a story written in the panel gets one made on the
 * server when it is published (`shareCardPath`, issue #41 item 4), whose address changes with the title and the photo.
 */
export function storyShareImage(story: Pick<Story, 'slug' | 'titulo' | 'photo'>): string {
  if (story.photo) return shareCardPath(story);
  let drawn = drawnCardOf.get(story.slug);
  if (drawn === undefined) drawnCardOf.set(story.slug, (drawn = existsSync(path.join(drawnCards, `${story.slug}.jpg`))));
  return drawn ? `/img/historias/compartir/${story.slug}.jpg` : shareCardPath(story);
}
const drawnCardOf = new Map<string, boolean>();

/**
 * `/historias/{slug}/tarjeta-{digest}.png`: the digest of the title and of the photo's share crop (whose address
 * changes with the focal point), so a new title or crop is a new address (kept a year).
 */
export function shareCardPath(story: Pick<Story, 'slug' | 'titulo' | 'photo'>): string {
  const crop = story.photo?.variants.find((variant) => variant.role === 'share')?.url;
  const digest = createHash('sha256')
    .update(crop ? `${story.titulo}\n${crop}` : story.titulo)
    .digest('hex')
    .slice(0, 12);
  return `${route('post', { slug: story.slug })}/tarjeta-${digest}.png`;
}

/**
 * The schema.org Article of a story, for the JSON-LD in the document head: what search engines read to show the
 * story with its date, image and publisher.
 */
function storyArticle(story: Story, appUrl: string): Record<string, unknown> {
  const url = `${appUrl}${route('post', { slug: story.slug })}`;
  const organisation = { '@type': 'Organization', name: appName, url: `${appUrl}/` };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: story.titulo,
    description: story.text,
    datePublished: story.fechaData,
    inLanguage: 'es-MX',
    keywords: story.tags.join(', ').toLowerCase(),
    image: [`${appUrl}${storyShareImage(story)}`, `${appUrl}${story.img}`],
    author: organisation,
    publisher: { ...organisation, logo: { '@type': 'ImageObject', url: `${appUrl}/favicon.svg` } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}

/** Where a story sits in the site, for search results: Inicio › Historias › the story. */
function storyBreadcrumbs(story: Story, appUrl: string): Record<string, unknown> {
  const trail = [
    { name: 'Inicio', url: `${appUrl}/` },
    { name: 'Historias', url: `${appUrl}${route('blog')}` },
    { name: story.titulo, url: `${appUrl}${route('post', { slug: story.slug })}` },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: step.url })),
  };
}

/** The SEO override of a story page (product §2 Post): title, description from text, keywords from tags, image, JSON-LD. */
export function storySeo(story: Story, appUrl: string) {
  return {
    title: `${story.titulo} · Historias`,
    description: story.text,
    keywords: story.tags.join(', ').toLowerCase(),
    img: `${appUrl}${storyShareImage(story)}`,
    imgAlt: `Tarjeta de la historia «${story.titulo}», con su ${story.photo ? 'foto' : 'ilustración'}`,
    jsonLd: [storyArticle(story, appUrl), storyBreadcrumbs(story, appUrl)],
  };
}
