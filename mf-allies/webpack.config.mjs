import { federatedConfig } from '@gota/shared/webpack';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_allies',
  port: 3103,
  exposes: {
    './Aliados': './src/pages/aliados-page.tsx',
    // the allies block that mf-home shows on the Index page
    './AlliesStrip': './src/features/strip/allies-strip.tsx',
  },
  outputPath: process.env.MF_OUTPUT_PATH,
});
