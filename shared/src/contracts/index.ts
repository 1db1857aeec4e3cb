export * from './page';
export * from './site';
export * from './content';
export * from './text-fields';
export * from './auth';
export * from './contact-form';
export * from './form-errors';
export * from './allies';
// the types of the allies' schemas, which import the default button label above: here, not in allies.ts, so no cycle
export type { Ally, AllyBrand, Member } from '../schemas/allies';
export * from './inbox';
export * from './search';
