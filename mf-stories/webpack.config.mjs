import { federatedConfig } from '@gota/shared/webpack';

/** What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). */
export const exposes = {
  './Blog': './src/pages/blog-page.tsx',
  './Post': './src/pages/post-page.tsx',
  './Buscar': './src/pages/search-page.tsx',
  // the widget composed by the home page (mf-home loads it through federation)
  './StoryCarousel': './src/features/stories/story-carousel.tsx',
};

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_stories',
  port: 3102,
  exposes,
});
