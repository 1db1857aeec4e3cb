export * from './page';
export * from './site';
export * from './content';
export * from './text-fields';
export * from './auth';
export * from './contact-form';
export * from './form-errors';
export * from './allies';
// the types of the allies' and the company form's schemas, which import the label and the rules above: here, not beside
// them, so no cycle
export type { Ally, AllyBrand, Member } from '../schemas/allies';
export type { CompanyMessage } from '../schemas/contact-form';
export * from './inbox';
export * from './releases';
export * from './search';
export * from './stories-admin';
export * from './media';
export * from './team';
export * from './content-sets';
export * from './content-preview';
export * from './second-factor';
export * from './downloads';
export * from './page-props';
