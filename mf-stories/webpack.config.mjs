import { federatedConfig } from '@gota/shared/webpack';

/** What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). */
export const exposes = {
  './Blog': './src/pages/blog-page.tsx',
  './Post': './src/pages/post-page.tsx',
  './Buscar': './src/pages/search-page.tsx',
  // the panel's story editor (decision 054): Tiptap, its Markdown and the diff load with these two only
  './Panel/Historias': './src/pages/panel/historias-page.tsx',
  './Panel/Historia': './src/pages/panel/historia-page.tsx',
  // the water facts and the impact counters (decision 059): their small editor loads with these two only
  './Panel/Datos': './src/pages/panel/datos-page.tsx',
  './Panel/Contadores': './src/pages/panel/contadores-page.tsx',
  './Panel/Aliados': './src/pages/panel/aliados-page.tsx',
  // the widget composed by the home page (mf-home loads it through federation)
  './StoryCarousel': './src/features/stories/story-carousel.tsx',
};

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_stories',
  port: 3102,
  exposes,
});
