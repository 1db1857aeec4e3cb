// Test helpers the remotes share (`@gota/shared/testing`): for vitest files only, never imported by app code, so it
// is not a federated module (shared/build/webpack-config.mjs leaves it out of what the shell provides).
export * from './css-breakpoints';
export * from './server-render';
export * from './fake-http';
export * from './store';
export * from './axe';
export * from './intersection-observer';
export * from './page-props';
export * from './reduced-motion';
