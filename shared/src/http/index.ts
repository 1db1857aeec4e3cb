export * from './http-client';
export * from './error-handler';
// so that callers (and their tests) read errors of the one client without depending on axios themselves
export { isAxiosError, AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
