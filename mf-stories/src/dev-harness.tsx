import { mountDevHarness } from '@gota/shared/dev-harness';
import { BlogPage } from './pages/blog-page';
import { PostPage } from './pages/post-page';
import { sampleStories } from './features/stories/sample-stories';

const [first] = sampleStories(1);
const story = { ...first!, bodyHtml: '<p>Primer párrafo.</p><h2>Un subtítulo</h2><p>Segundo párrafo.</p>' };
const facts = [
  { html: 'Una llave que gotea puede desperdiciar <strong>hasta 30 litros</strong> al día.' },
  { html: 'La agricultura usa cerca del <strong>70 %</strong> del agua dulce.' },
  { html: 'Solo el <strong>3 %</strong> del agua del planeta es dulce.' },
];

mountDevHarness('mf_stories', {
  Blog: { component: BlogPage as never, props: { stories: sampleStories(7), facts } },
  Post: { component: PostPage as never, props: { story, popular: sampleStories(4).slice(1) } },
});
