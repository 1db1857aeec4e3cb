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
  img: '/img/historias/ejemplo.svg',
  imgWhite: '/img/historias/ejemplo.svg',
  alt: 'Ilustración de ejemplo',
  bigImage: false,
  slides: [],
  bodyHtml: '<p>Primer párrafo.</p><p>Segundo párrafo.</p>',
  index: 0,
};

mountDevHarness({
  Blog: { component: BlogPage as never, props: { stories: [story] } },
  Post: { component: PostPage as never, props: { story, popular: [] } },
});
