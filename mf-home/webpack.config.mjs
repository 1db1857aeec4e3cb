import { federatedConfig } from '@gota/shared/webpack';

/** What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). */
export const exposes = { './Index': './src/pages/index-page.tsx' };

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_home',
  port: 3101,
  exposes,
});
