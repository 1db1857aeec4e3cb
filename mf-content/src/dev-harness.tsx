import { mountDevHarness } from '@gota/shared/dev-harness';
import { HistoriaPage } from './pages/panel/historia-page';
import { HistoriasPage } from './pages/panel/historias-page';
import { exampleHistoria, exampleHistorias } from './pages/panel/example-stories-admin';

mountDevHarness('mf_content', {
  'Panel/Historias': { component: HistoriasPage as never, props: { ...exampleHistorias } },
  'Panel/Historia': { component: HistoriaPage as never, props: { ...exampleHistoria } },
});
