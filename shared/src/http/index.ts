export * from './http-client';
export * from './error-handler';
