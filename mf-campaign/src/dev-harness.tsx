import { mountDevHarness } from '@gota/shared/dev-harness';
import { DatosAguaPage } from './pages/datos-agua-page';
import { DescargasPage } from './pages/descargas-page';
import { QuienesSomosPage } from './pages/quienes-somos-page';
import { sampleAboutTexts, sampleCampaignTexts, sampleManifestoTexts } from './pages/sample-texts';

const devMembers = Array.from({ length: 16 }, (_, index) => ({
  logo: '/img/miembros/agua-clara-consultores.svg',
  name: `Miembro ${index + 1}`,
}));

mountDevHarness('mf_campaign', {
  QuienesSomos: { component: QuienesSomosPage as never, props: { texts: sampleAboutTexts } },
  Descargas: { component: DescargasPage as never, props: { texts: sampleCampaignTexts } },
  DatosAgua: { component: DatosAguaPage as never, props: { texts: sampleManifestoTexts, members: devMembers } },
});
