// The instance's readiness for a load balancer (`/readyz`, decision 070): what app code may use of it.
export { registerHealthRoutes } from './health.routes';
