export * from './http-client';
export * from './failure';
export * from './error-catalogues';
export * from './error-handler';
