export * from './route-table';
export * from './pages';
export * from './page-address';
