import { federatedConfig } from '@gota/shared/webpack';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_campaign',
  port: 3104,
  exposes: {
    './QuienesSomos': './src/pages/quienes-somos-page.tsx',
    './Descargas': './src/pages/descargas-page.tsx',
    './DatosAgua': './src/pages/datos-agua-page.tsx',
  },
  outputPath: process.env.MF_OUTPUT_PATH,
});
