import type { VersionesPageProps } from '@gota/shared/contracts';

/**
 * The stories team's releases as `Panel/Versiones` receives them: what the development harness shows and what the
 * page's tests start from.
 */
export const exampleRemotes: VersionesPageProps['remotes'] = [
  { remote: 'mf-home', active: 'local', candidates: 0 },
  { remote: 'mf-stories', active: 'k7m2xq9a', candidates: 1 },
];
export const exampleStories: VersionesPageProps = {
  remotes: exampleRemotes,
  preview: null,
  selected: {
    remote: 'mf-stories',
    active: 'k7m2xq9a',
    rollbackTo: 'local',
    releases: [
      {
        id: 'p3r5t7v9',
        state: 'candidata',
        manifestUrl: 'https://cdn.ejemplo.mx/historias/2/mf-manifest.json',
        by: 'Equipo de historias',
        at: '2026-11-25T18:00:00.000Z',
        note: 'lista nueva',
        reasons: [],
        checks: [{ name: 'manifiesto', ok: true, detail: 'mf_stories, 4 módulos' }],
        pages: [{ name: '/historias (Blog)', ok: true, detail: '«Historias»' }],
        ms: 5200,
      },
      {
        id: 'k7m2xq9a',
        state: 'activa',
        manifestUrl: 'https://cdn.ejemplo.mx/historias/1/mf-manifest.json',
        by: 'Ana',
        at: '2026-11-24T18:00:00.000Z',
        note: null,
        reasons: [],
        checks: [],
        pages: [],
        ms: null,
      },
      {
        id: 'z2z2z2z2',
        state: 'rechazada',
        manifestUrl: 'https://cdn.ejemplo.mx/historias/0/mf-manifest.json',
        by: 'Ana',
        at: '2026-11-23T18:00:00.000Z',
        note: null,
        reasons: ['ensayo: /historias: mf_stories/Blog: fallback'],
        checks: [{ name: 'ensayo', ok: false, detail: '/historias: mf_stories/Blog: fallback' }],
        pages: [],
        ms: 3000,
      },
    ],
    log: [
      {
        from: 'local',
        to: 'k7m2xq9a',
        action: 'activacion',
        by: 'Ana <ana@gotaagota.mx>',
        reason: 'activada por Ana',
        at: '2026-11-24T18:05:00.000Z',
      },
    ],
  },
};
