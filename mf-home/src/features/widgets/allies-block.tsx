import { memo, useRef } from 'react';
import type { AllyBrand } from '@gota/shared/contracts';
import { FederatedSlot } from '@gota/shared/federation';
import { route, widgetIds } from '@gota/shared/routes';
import { Section } from '@gota/shared/ui';
import { MoreLink } from './more-link';
import { reportWidget } from './report-widget';
import styles from './widgets.module.css';

/** What the block says while the strip loads, or if mf-allies is down: a heading, a line and the link. */
function AlliesFallback() {
  return (
    <Section id="nuestros-aliados" title="Nuestros aliados" titleClassName={styles.title}>
      <p className={styles.text}>
        Empresas, fundaciones, cámaras empresariales y organizaciones de seguridad hídrica suman esfuerzos con nosotros.
      </p>
      <MoreLink to={route('aliados')}>Conoce a nuestros aliados</MoreLink>
    </Section>
  );
}

const noAllies: AllyBrand[] = [];

/**
 * The allies block of the home page (product §2): mf-allies' strip through federation, always with a way to the allies.
 * Below the first view, so the strip's code loads when the block comes near (decision 020); memo keeps the slot from
 * rendering again before then, which would make React drop its server HTML.
 */
export const AlliesBlock = memo(function AlliesBlock({ allies = noAllies }: { allies?: AllyBrand[] }) {
  const block = useRef<HTMLDivElement>(null);
  return (
    <div className={styles.section} ref={block}>
      {/* owned by mf-allies (its heading, logo carousel and link to the allies page) */}
      <FederatedSlot
        id={widgetIds.alliesStrip}
        props={{ allies }}
        fallback={<AlliesFallback />}
        onError={reportWidget}
        loadNear={block}
      />
    </div>
  );
});
