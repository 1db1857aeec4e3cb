import { federatedConfig } from '@gota/shared/webpack';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_stories',
  port: 3102,
  exposes: {
    './Blog': './src/pages/blog-page.tsx',
    './Post': './src/pages/post-page.tsx',
    // widgets composed by the home page (mf-home loads them through federation)
    './StoryCarousel': './src/features/stories/story-carousel.tsx',
    './StoryCard': './src/features/stories/story-card.tsx',
  },
  outputPath: process.env.MF_OUTPUT_PATH,
});
