export * from './text-field';
export * from './password-field';
export * from './controls';
export * from './error-summary';
export * from './post-form';
export * from './search-form';
