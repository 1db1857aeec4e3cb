import { describe, expect, it } from 'vitest';
import type { MediaImage } from '@gota/shared/contracts';
import { inRouter, parseHtml, serverHtmlAt } from '@gota/shared/testing';
import { sampleStories } from './sample-stories';
import { StoryCard } from './story-card';

const id = '0b8f1c1e-7d7a-4c55-9a43-2f4e1a0c9d11';
const variant = (role: 'card' | 'page', format: 'avif' | 'webp' | 'jpeg', width: number) => ({
  role,
  format,
  width,
  height: width * 0.75,
  bytes: 1,
  url: `/media/${id}/${role}-${width}.abcdefabcdef.${format}`,
});
const photo: MediaImage = {
  id,
  width: 1600,
  height: 1200,
  alt: 'Un tinaco azul en una azotea',
  decorative: false,
  focal: { x: 0.5, y: 0.5 },
  variants: [
    variant('card', 'avif', 480),
    variant('card', 'avif', 768),
    variant('card', 'webp', 480),
    variant('card', 'webp', 768),
    variant('card', 'jpeg', 768),
  ],
};

describe('a story card with an uploaded photo', () => {
  it('draws its 4:3 crop as <picture>: AVIF and WebP at every width, the JPEG with its size, the photo’s alt text', () => {
    const [story] = sampleStories(1);
    const page = parseHtml(serverHtmlAt(375, inRouter(<StoryCard story={{ ...story!, photo }} />)));
    const sources = [...page.querySelectorAll('picture source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      `/media/${id}/card-480.abcdefabcdef.avif 480w, /media/${id}/card-768.abcdefabcdef.avif 768w`,
    );
    expect(sources[0]?.getAttribute('sizes')).toMatch(/100vw$/);
    const img = page.querySelector('picture img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual([
      `/media/${id}/card-768.abcdefabcdef.jpeg`,
      '768',
      '576',
      'Un tinaco azul en una azotea',
    ]);
    // the illustration's two layers are not drawn
    expect(page.querySelectorAll('img')).toHaveLength(1);
  });

  it('keeps an illustration of the site as it was', () => {
    const [story] = sampleStories(1);
    const page = parseHtml(serverHtmlAt(375, inRouter(<StoryCard story={story!} />)));
    expect(page.querySelector('picture')).toBeNull();
    expect(page.querySelectorAll('img')).toHaveLength(2);
  });
});
