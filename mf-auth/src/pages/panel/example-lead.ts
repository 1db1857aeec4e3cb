import type { LeadPageProps } from '@gota/shared/contracts';

/**
 * A company's message as `Panel/Mensaje` receives it: what the development harness shows and what the page's tests
 * start from, so the two never drift apart.
 */
export const exampleLead: LeadPageProps['lead'] = {
  id: '5b0c2c9e-8d4f-4a4b-9a51-0c7f3f0e2a11',
  kind: 'empresa',
  status: 'nuevo',
  empresa: 'Aguas del Valle S.A. de C.V.',
  name: 'Sofía Ramírez',
  lastName: null,
  email: 'sofia@aguasdelvalle.mx',
  excerpt: 'Queremos sumarnos a la campaña.',
  mensaje: 'Queremos sumarnos a la campaña.\nTenemos 3 plantas en Jalisco.',
  createdAt: '2026-11-23T18:05:00Z',
};
