export * from './site-store';
export * from './theme-slice';
export * from './alerts-slice';
export * from './overlay-slice';
export * from './dialogs-slice';
export * from './backgrounds-slice';
export * from './navigation-slice';
