import { mountDevHarness } from '@gota/shared/dev-harness';
import type { PageProps } from '@gota/shared/contracts';
import { AliadosPage } from './pages/aliados-page';
import { AlliesStrip } from './features/strip/allies-strip';
import { devAllies } from './dev-allies';

mountDevHarness('mf_allies', {
  Aliados: { component: AliadosPage, props: { allies: devAllies } },
  // the exposed home strip, shown alone as mf-home will compose it
  AlliesStrip: {
    component: (props: PageProps) => <AlliesStrip allies={(props.allies as typeof devAllies | undefined) ?? []} />,
    props: { allies: devAllies },
  },
});
