import './zod-setup';
export * from './page';
export * from './site';
export * from './content';
export * from './text-fields';
export * from './auth';
export * from './contact-form';
export * from './form-errors';
export * from './allies';
