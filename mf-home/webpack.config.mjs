import { federatedConfig } from '@gota/shared/webpack';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_home',
  port: 3101,
  exposes: { './Index': './src/pages/index-page.tsx' },
  outputPath: process.env.MF_OUTPUT_PATH,
});
