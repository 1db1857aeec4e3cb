// The zod schemas the server validates with (and a form that checks before sending). Kept apart from
// `@gota/shared/contracts` so that a page importing a type or a message does not load the validation library.
import './zod-setup';
export * from './text-fields';
export * from './auth';
export * from './contact-form';
export * from './content';
export * from './allies';
export * from './inbox';
export * from './private-files';
export * from './releases';
export * from './page-texts';
export * from './search';
export * from './stories-admin';
export * from './media';
export * from './team';
export * from './content-sets';
export * from './second-factor';
