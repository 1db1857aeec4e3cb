import type { EditorStory, HistoriaPageProps, HistoriasPageProps, StoryFields } from '@gota/shared/contracts';

/**
 * The panel's stories as the API sends them (issue #41): what the development harness shows and what the pages' tests
 * render. One story in each state.
 */
export const exampleFields: StoryFields = {
  titulo: 'La escuela que cosecha la lluvia',
  slug: 'la-escuela-que-cosecha-la-lluvia',
  fecha: '12 de marzo de 2026',
  fechaData: '2026-03-12',
  text: 'En Tlalpan, una primaria junta el agua de su techo para los baños y el huerto.',
  tags: ['AGUA', 'ESCUELAS'],
  img: '/img/historias/escuela.svg',
  imgWhite: '/img/historias/escuela-blanco.svg',
  alt: 'Niñas y niños junto a un tinaco azul',
  bigImage: false,
  slides: [],
  body: '## Un techo que da agua\n\nLa escuela **junta** la lluvia desde 2024.\n\n- Baños\n- Huerto\n',
};

export const exampleStory: EditorStory = {
  id: 'h-escuela',
  titulo: exampleFields.titulo,
  slug: exampleFields.slug,
  state: 'borrador',
  pendingChanges: false,
  updatedAt: '2026-11-27T16:42:00Z',
  updatedBy: 'ana@gotaagota.mx',
  publishAt: null,
  fields: exampleFields,
  version: 3,
  slugFree: true,
  firstPublishedAt: null,
};

export const exampleHistoria: HistoriaPageProps = {
  story: exampleStory,
  revisions: [
    { number: 3, by: 'ana@gotaagota.mx', at: '2026-11-27T16:42:00Z' },
    { number: 2, by: 'ana@gotaagota.mx', at: '2026-11-27T16:30:00Z' },
    { number: 1, by: 'luis@gotaagota.mx', at: '2026-11-26T18:05:00Z' },
  ],
  log: [{ action: 'creada', by: 'luis@gotaagota.mx', at: '2026-11-26T18:05:00Z', detail: null }],
  siteUrl: 'http://localhost:3000',
};

export const exampleHistorias: HistoriasPageProps = {
  query: '',
  stories: [
    {
      id: exampleStory.id,
      titulo: exampleStory.titulo,
      slug: exampleStory.slug,
      state: exampleStory.state,
      pendingChanges: false,
      updatedAt: exampleStory.updatedAt,
      updatedBy: exampleStory.updatedBy,
      publishAt: null,
    },
    {
      id: 'h-cinco-aguas',
      titulo: 'Cinco Aguas',
      slug: 'proyecto-cinco-aguas',
      state: 'publicada',
      pendingChanges: true,
      updatedAt: '2026-11-25T15:00:00Z',
      updatedBy: 'luis@gotaagota.mx',
      publishAt: null,
    },
    {
      id: 'h-lunes',
      titulo: 'Agua para el lunes',
      slug: 'agua-para-el-lunes',
      state: 'programada',
      pendingChanges: false,
      updatedAt: '2026-11-24T20:10:00Z',
      updatedBy: 'ana@gotaagota.mx',
      publishAt: '2026-11-30T15:00:00Z',
    },
    {
      id: 'h-vieja',
      titulo: 'Una historia retirada',
      slug: 'una-historia-retirada',
      state: 'retirada',
      pendingChanges: false,
      updatedAt: '2026-10-01T12:00:00Z',
      updatedBy: 'sistema',
      publishAt: null,
    },
  ],
};
