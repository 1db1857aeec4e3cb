import { federatedConfig } from '@gota/shared/webpack';

/** What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). */
export const exposes = {
  './QuienesSomos': './src/pages/quienes-somos-page.tsx',
  './Descargas': './src/pages/descargas-page.tsx',
  './DatosAgua': './src/pages/datos-agua-page.tsx',
};

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_campaign',
  port: 3104,
  exposes,
});
