import { federatedConfig } from '@gota/shared/webpack';

/**
 * What the site loads from this remote, by federated module (read by knip.ts too: the files are entry points). The
 * panel's content editors live here alone (decision 063): no visitor page loads this remote's entry, so nothing of
 * theirs, not even an expose's name, reaches a visitor.
 */
export const exposes = {
  // the story editor (decision 054): Tiptap, its Markdown and the diff load with these two only
  './Panel/Historias': './src/pages/panel/historias-page.tsx',
  './Panel/Historia': './src/pages/panel/historia-page.tsx',
  // the water facts and the impact counters (decision 059): their small editor loads with these two only
  './Panel/Datos': './src/pages/panel/datos-page.tsx',
  './Panel/Contadores': './src/pages/panel/contadores-page.tsx',
  // each editable page's title, description, share image and prose (decision 062)
  './Panel/Textos': './src/pages/panel/textos-page.tsx',
  // the campaign kit's files and their versions (decision 061)
  './Panel/Descargas': './src/pages/panel/descargas-page.tsx',
  // the allies and members, and «Convertir en aliado» (decision 060)
  './Panel/Aliados': './src/pages/panel/aliados-page.tsx',
};

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'mf_content',
  port: 3106,
  exposes,
});
