import { mountDevHarness } from '@gota/shared/dev-harness';
import { BlogPage } from './pages/blog-page';
import { PostPage } from './pages/post-page';

const story = {
  titulo: 'Historia de ejemplo',
  slug: 'historia-de-ejemplo',
  fecha: '27 de junio de 2025',
  fechaData: '2025-06-27',
  text: 'Un resumen breve de la historia.',
  tags: ['AGUA'],
  body: ['Primer párrafo.', 'Segundo párrafo.'],
};

mountDevHarness({
  Blog: { component: BlogPage as never, props: { stories: [story] } },
  Post: { component: PostPage as never, props: { story, popular: [] } },
});
