import type { AboutTexts, CampaignTexts, ManifestoTexts } from '@gota/shared/contracts';

// Stand-ins for api/content/page-texts.json, in its shape: the page harness and the tests render with them (the site's
// pages get the real prose from the API).

const items = (count: number, name: string) =>
  Array.from({ length: count }, (_, index) => ({
    title: `${name} ${index + 1}`,
    text: `Texto de ejemplo del ${name.toLowerCase()} ${index + 1}.`,
  }));

export const sampleAboutTexts: AboutTexts = {
  hero: { title: 'Somos Gota a Gota', lead: 'Entrada de ejemplo de la página.' },
  mission: { title: 'Misión', paragraphs: ['Misión de ejemplo.', 'Segundo párrafo de la misión.'] },
  vision: { title: 'Visión', paragraphs: ['Visión de ejemplo.'] },
  objectives: { title: 'Nuestros objetivos', items: items(4, 'Objetivo') },
  participate: {
    title: '¿CÓMO PUEDES PARTICIPAR?',
    items: [{ title: 'Haz el gesto', text: 'Usa el «Water Finger Heart».' }, ...items(3, 'Paso')],
  },
};

export const sampleCampaignTexts: CampaignTexts = {
  hero: { title: 'Un latido en cada gota', lead: 'Entrada de ejemplo de la campaña.' },
  campaign: { title: 'La campaña', paragraphs: ['Primer párrafo de ejemplo.', 'Segundo párrafo de ejemplo.'] },
  visualCode: { title: 'Código visual: el «water finger heart»', paragraphs: ['Párrafo de ejemplo del símbolo.'] },
  freeUse: { title: 'De uso libre', paragraphs: ['Párrafo de ejemplo sobre el uso libre.'] },
};

export const sampleManifestoTexts: ManifestoTexts = {
  manifesto: {
    title: 'Manifiesto',
    statements: ['Creemos en un primer ejemplo.', 'Creemos en un segundo ejemplo.'],
    commitment: { lead: 'Por eso nos comprometemos', text: 'a dar un ejemplo.' },
  },
  members: { title: 'Miembros' },
};
