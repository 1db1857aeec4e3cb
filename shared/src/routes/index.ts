export * from './route-table';
export * from './pages';
