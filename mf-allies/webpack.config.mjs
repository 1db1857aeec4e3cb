import { federatedConfig } from '@gota/shared/webpack';

/** What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). */
export const exposes = {
  './Aliados': './src/pages/aliados-page.tsx',
  // the allies block that mf-home shows on the Index page
  './AlliesStrip': './src/features/strip/allies-strip.tsx',
};

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_allies',
  port: 3103,
  exposes,
});
