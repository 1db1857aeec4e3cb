import { mountDevHarness } from '@gota/shared/dev-harness';
import { DatosAguaPage } from './pages/datos-agua-page';
import { DescargasPage } from './pages/descargas-page';
import { QuienesSomosPage } from './pages/quienes-somos-page';

mountDevHarness({
  QuienesSomos: { component: QuienesSomosPage, props: {} },
  Descargas: { component: DescargasPage, props: {} },
  DatosAgua: { component: DatosAguaPage, props: {} },
});
