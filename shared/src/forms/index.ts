export * from './use-form';
export * from './form-payload';
