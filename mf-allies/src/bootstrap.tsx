import { mountDevHarness } from '@gota/shared/dev-harness';
import { AliadosPage } from './pages/aliados-page';

mountDevHarness({ Aliados: { component: AliadosPage, props: {} } });
