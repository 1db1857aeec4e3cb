// The site's search (decision 042, decision 070): what a visitor can read, indexed as a generation of the content, and
// `/buscar`. What app code and the scripts may use of it; its tables are in ./schema.ts.
export { registerSearchRoutes } from './search.routes';
export { siteSearch, type SiteSearch } from './site-search';
