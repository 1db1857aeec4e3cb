export * from './http-client';
