import { Link } from '@gota/shared/router';
import type { AllyBrand } from '@gota/shared/contracts';
import { route } from '@gota/shared/routes';
import { buttonClass } from '@gota/shared/ui';
import { AlliesCarousel } from '../carousel/allies-carousel';
import styles from './allies-strip.module.css';

export interface AlliesStripProps {
  allies: AllyBrand[];
}

/**
 * The allies block of the home page (product §2 "Home"), exposed as `mf_allies/AlliesStrip` so home composes it through
 * federation: the same paged logo carousel, without popups, and a link to the Aliados page.
 */
export function AlliesStrip({ allies }: AlliesStripProps) {
  return (
    <section className={styles.strip} aria-labelledby="aliados-franja">
      <h2 id="aliados-franja" className={styles.title}>
        Nuestros aliados
      </h2>
      <AlliesCarousel allies={allies} label="Logotipos de nuestros aliados" eagerFirstPage={false} />
      <Link className={buttonClass({ variant: 'outlined', shape: 'pill' })} to={route('aliados')}>
        Conoce a nuestros aliados
      </Link>
    </section>
  );
}

export default AlliesStrip;
