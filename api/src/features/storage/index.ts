// Private files for a signed-in account (`/private/storage/…`, decision 070): what app code may use of it.
export { registerStorageRoutes } from './storage.routes';
