import { describe, expect, it } from 'vitest';
import type { StoryFields } from '@gota/shared/contracts';
import { contentFollower, loadBaseContent, loadStoryFiles } from '../content';
import { createStory, publishStory } from '../stories';
import { repoRoot } from '../../env';
import { createLogger } from '../../logging/logger';
import { announceRelease, approvingTrial, releaseSuite } from '../../testing/release-fixtures';
import { testApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import type { TrialInput, TrialRunner } from './preflight';
import { trialContent } from './trial-runner';

const suite = releaseSuite({ candidata: { heading: 'Historias de la candidata' } });
const contentDir = `${repoRoot}/api/content`;

/** A story newer than every imported one: only the database has it. */
const newest = (): StoryFields => ({
  titulo: 'La lluvia de diciembre en Milpa Alta',
  slug: `lluvia-diciembre-milpa-alta-${Date.now()}`,
  fecha: '31 de diciembre de 2098',
  fechaData: '2098-12-31',
  text: 'Una cooperativa de Milpa Alta guarda la lluvia del año en cisternas de ferrocemento.',
  tags: ['COOPERATIVAS'],
  img: '/img/historias/cerveceria-eficiencia-hidrica.svg',
  imgWhite: '/img/historias/cerveceria-eficiencia-hidrica-fondo.svg',
  alt: 'Una cisterna redonda junto a un campo de nopales',
  bigImage: false,
  slides: [],
  body: 'Cada cisterna guarda **veinte mil litros**.\n',
});

describe(`a release's trial with the stories of the database, on ${testDatabaseKind}`, () => {
  it('hands the trial the stories published now, and the trial renders the newest one, which only the database has', async () => {
    const content = contentFollower({
      database: suite.database,
      base: loadBaseContent(contentDir),
      files: loadStoryFiles(contentDir),
      logger: createLogger({ level: 'silent' }),
    });
    await content.importOnce();
    const fields = newest();
    const draft = await createStory(suite.database.use(), fields, 'editora@gotaagota.mx');
    await publishStory(suite.database.use(), draft.id, draft.version, 'editora@gotaagota.mx');
    await content.refresh();

    let given: TrialInput | undefined;
    const trial: TrialRunner = async (input) => {
      given = input;
      return approvingTrial(input);
    };
    const { app, releases } = testApp({ database: suite.database, env: suite.env, trial, content });
    await releases.refresh();
    const res = await announceRelease(app, {
      remote: 'mf-stories',
      manifestUrl: suite.cdn.manifest('candidata'),
      note: 'ensayo con historias',
      by: 'Equipo de historias',
    });
    expect(res.status).toBe(201);
    // the pre-flight names the newest story, and gives the trial the stories that contain it
    expect(given?.routes.find((route) => route.component === 'Post')?.url).toBe(`/historias/${fields.slug}`);
    expect(given?.stories?.[0]).toMatchObject({ slug: fields.slug, titulo: fields.titulo });

    // the trial's own site (trial-render.ts) serves that page from what it was given; with the files alone it could not
    const trialSite = testApp({ content: trialContent(given!.stories) });
    const page = await trialSite.app.request(`/historias/${fields.slug}`, {
      headers: { 'X-Inertia': 'true', Accept: 'application/json' },
    });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { props: { story: { titulo: string } } }).props.story.titulo).toBe(fields.titulo);
    expect((await testApp({ content: trialContent(undefined) }).app.request(`/historias/${fields.slug}`)).status).toBe(404);
    await content.stop();
  });
});
