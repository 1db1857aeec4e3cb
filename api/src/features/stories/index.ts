// The stories (the panel's «Historias», decisions 049 and 070): the working copies and what visitors read, their
// revisions, publication and schedule, the Markdown files they are written as, their photos and share cards, and the
// content's log and position every content change moves. What app code and other features may use of it; its tables
// are in ./schema.ts.
export { registerHistoriasRoutes, type HistoriasDeps } from './historias.handlers';
export {
  appendLog,
  contentChannel,
  contentPosition,
  createStory,
  importLock,
  importStories,
  publicChange,
  publishDue,
  publishStory,
  readPublished,
  systemActor,
  touchContent,
} from './stories-store';
export { parseStoryFile, storyMarkdown, storyOf, validateContent } from './story-format';
export { storyPhotos, withPhoto } from './story-photos';
export { shareCards, type ShareCards } from './share-cards';
