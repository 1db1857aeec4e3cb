import { mountDevHarness } from '@gota/shared/dev-harness';
import { BlogPage } from './pages/blog-page';
import { PostPage } from './pages/post-page';
import { SearchPage } from './pages/search-page';
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
  Buscar: {
    component: SearchPage as never,
    props: {
      query: 'agua',
      results: {
        total: 1,
        page: 1,
        hits: [
          {
            kind: 'historia',
            url: '/historias/ejemplo',
            label: 'Historia · 1 de enero de 2025',
            title: ['El ', 'agua', ' de ejemplo'],
            snippet: ['Un texto con ', 'agua', '.'],
          },
        ],
      },
      latest: sampleStories(4).map((item) => ({ title: item.titulo, url: `/historias/${item.slug}` })),
    },
  },
});
