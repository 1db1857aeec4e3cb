import { mountDevHarness } from '@gota/shared/dev-harness';
import { exampleCounters } from './features/counters/example-counters';
import { IndexPage } from './pages/index-page';

mountDevHarness('mf_home', { Index: { component: IndexPage, props: { isIndex: true, counters: exampleCounters } } });
