// The site's content (decisions 059–062, 066 and 070): what visitors read, from the files of api/content and the
// database, followed by every instance; the panel's content sets («Datos del agua», «Contadores», «Aliados», the pages'
// «Textos» and the kit's «Descargas»), their previews, and the kit's files and ZIP at /descargas/…. What app code and
// other features may use of it; its tables are in ./schema.ts.
export { loadBaseContent, loadContent, loadStoryFiles, pageTextsOfFiles, withStories, type Content } from './load-content';
export { contentFollower, fixedContent, type ContentFollower, type ContentSource } from './content-source';
export { alliesOf, editableAllies } from './load-allies';
export { importSets, readSets } from './content-sets-store';
export { importKit, kitBlob } from './kit-store';
export { startKitArchiveSweep } from './kit-sweep';
export { registerDownloadRoutes } from './downloads.routes';
export { registerContentSetsRoutes } from './content-sets.handlers';
export { registerContentPreviewRoutes } from './content-preview.handlers';
export { registerDescargasRoutes } from './descargas.handlers';
