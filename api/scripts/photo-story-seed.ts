// The bench's story with an uploaded photo (issue #41 items 4 and 8): `tsx api/scripts/photo-story-seed.ts DATA_DIR SLUG`
// readies the PGlite database of a site the bench is about to start there: the story files imported as the server
// would, then a 12-megapixel photo made into its variants and a story that shows it, published. Prints one JSON line:
// the story's address, which the bench audits with Lighthouse like any page.
import path from 'node:path';
import { contentFollower, loadBaseContent, loadStoryFiles } from '../src/features/content';
import { createStory, publishStory } from '../src/features/stories';
import { openDatabase } from '../src/db/database';
import { loadEnv, repoRoot } from '../src/env';
import { createLogger } from '../src/logging/logger';
import { mediaStore, processUpload } from '../src/features/media';
import { phonePhoto } from '../src/testing/test-images';

const [dataDir, slug] = process.argv.slice(2);
if (!dataDir || !slug) throw new Error('Uso: tsx api/scripts/photo-story-seed.ts DATA_DIR SLUG');
const env = loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const logger = createLogger({ level: 'silent' });
const database = await openDatabase({ dataDir: env.dbDir });
await database.migrate();
const contentDir = path.join(repoRoot, 'api/content');
const content = contentFollower({ database, base: loadBaseContent(contentDir), files: loadStoryFiles(contentDir), logger });
await content.importOnce();

const focal = { x: 0.5, y: 0.4 };
const upload = await processUpload(await phonePhoto(4000, 3000), { focalX: focal.x, focalY: focal.y });
const photo = await mediaStore(database).create({
  upload,
  originalName: 'banco.jpg',
  focal,
  createdBy: null,
  alt: 'Un tinaco azul en la azotea de una escuela',
});
const img = photo.variants.find((variant) => variant.role === 'full' && variant.format === 'jpeg')!.url;
const story = await createStory(
  database.use(),
  {
    titulo: 'El tinaco de la escuela: una historia con foto',
    slug,
    fecha: '1 de enero de 2099',
    fechaData: '2099-01-01',
    text: 'La historia que el banco de pruebas mide: una foto subida, en cada tamaño y formato.',
    tags: ['ESCUELAS'],
    img,
    imgWhite: '/img/historias/cerveceria-eficiencia-hidrica-fondo.svg',
    alt: 'Un tinaco azul en la azotea de una escuela',
    bigImage: false,
    slides: [],
    body: loadStoryFiles(contentDir)[0]!.body,
  },
  'banco',
);
await publishStory(database.use(), story.id, story.version, 'banco');
await content.stop();
await database.close();
console.log(JSON.stringify({ slug, photo: photo.id }));
