// The photos (decision 050, 070): uploads checked and cut into their variants, their files at /media/…, the focal point,
// the sweep of the unused ones, and the share card drawn from a photo. What app code and other features may use of it;
// its tables are in ./schema.ts.
export { registerMediaFiles, registerMediaRoutes, multipartBodyOf, type MediaGuard } from './media.routes';
export { mediaStore } from './media-store';
export { logoMessages, processUpload } from './process-upload';
export { startPhotoSweep } from './media-sweep';
export { shareCard } from './share-card';
