import { mountDevHarness } from '@gota/shared/dev-harness';
import { IndexPage } from './pages/index-page';

mountDevHarness({ Index: { component: IndexPage, props: { isIndex: true } } });
