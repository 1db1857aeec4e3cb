import { mountDevHarness } from '@gota/shared/dev-harness';
import { IndexPage } from './pages/index-page';

mountDevHarness('mf_home', { Index: { component: IndexPage, props: { isIndex: true } } });
