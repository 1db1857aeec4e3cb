// Releases (decisions 039, 044, 045, 047, 070): the releases of each remote registered after a pre-flight, the active set
// every instance follows, the watch that rolls a failing release back, the operators' previews, the endpoints of
// `npm run release` and the panel's «Versiones». What app code, the scripts and the test helpers may use of it; its
// tables are in ./schema.ts. The snapshot the renderer renders with is the renderer's (render/release-snapshot.ts).
export { trialInChild } from './trial-runner';
export { importRemotesFile } from './remotes-file-import';
export type { TrialInput, TrialOutput, TrialRunner } from './preflight';
export { previewRenderer, type PreviewRenderer } from './preview-renderer';
export { releaseFollower, type ReleaseFollower, type ReleaseSource } from './release-follower';
export { releaseOperations, type ChangeView, type ReleaseView } from './release-operations';
export { previewBanner, releasePreview, type ActivePreview } from './release-preview';
export { localRegistry, pageVersion } from './release-set';
export { insertRelease, switchActive } from './release-store';
export { releaseWatch, type ReleaseWatch } from './release-watch';
export { registerReleaseReportRoutes } from './release-reports.routes';
export { registerReleaseRoutes } from './releases.routes';
export { registerVersionesRoutes, type VersionesDeps } from './versiones.handlers';
