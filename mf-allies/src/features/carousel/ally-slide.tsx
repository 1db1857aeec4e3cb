import { LogoTile } from '@gota/shared/ui';
import { slideRoleDescription } from '@gota/shared/ui/carousel';
import type { ReactNode } from 'react';
import type { AllyBrand } from '@gota/shared/contracts';
import styles from './allies-carousel.module.css';

/** Where a logo stands in the carousel: its position, whether it is on another page (known after hydration), its loading. */
export interface SlidePlace {
  position: string;
  hidden: boolean;
  loading: 'eager' | 'lazy';
}

/** One slide of the allies carousel (the WAI-ARIA slide pattern), out of reach while its page is not shown. */
export function AllySlide({ slide, children }: { slide: SlidePlace; children: ReactNode }) {
  return (
    <div
      className={styles.item}
      role="group"
      aria-roledescription={slideRoleDescription}
      aria-label={slide.position}
      data-carousel-slide=""
      aria-hidden={slide.hidden || undefined}
      inert={slide.hidden || undefined}
    >
      {children}
    </div>
  );
}

/** An ally's logo image, the first page's at once (the largest paint of /aliados on a phone), later ones when near. */
export function AllyLogoImage({ ally, slide }: { ally: AllyBrand; slide: SlidePlace }) {
  return <LogoTile src={ally.img} alt={ally.empresa} loading={slide.loading} />;
}
