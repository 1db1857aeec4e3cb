import { useEffect, useRef, useState } from 'react';
import { appName } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { RippleCanvas } from '../ripple/ripple-canvas';
import styles from './hero.module.css';

/** product §4: the headline's underline starts drawing 500 ms after the page mounts. */
const underlineDelayMs = 500;
const texture = {
  srcSet: '/img/azul-480.webp 480w, /img/azul-768.webp 768w',
  avifSrcSet: '/img/azul-480.avif 480w, /img/azul-768.avif 768w',
  fallback: '/img/azul.jpg',
  simulation: '/img/azul-768.webp',
};

const heroTitle = 'Cada gota cuenta: cuidemos juntos el agua de México';

function DropLogo() {
  return (
    <p className={styles.logo}>
      <svg className={styles.drop} viewBox="0 0 48 64" aria-hidden="true" focusable="false">
        <path d="M24 2 C 24 2, 4 28, 4 42 A 20 20 0 0 0 44 42 C 44 28, 24 2, 24 2 Z" />
        <path className={styles.shine} d="M14 42 a 10 10 0 0 0 8 10" />
      </svg>
      <span>{appName}</span>
    </p>
  );
}

/** The hero: rippling water (pointer and touch make waves), the logo, the headline and the call to join. */
export function Hero() {
  const hostRef = useRef<HTMLElement>(null);
  const [underlined, setUnderlined] = useState(false);
  const setContactForm = useSiteStore((state) => state.setContactForm);

  useEffect(() => {
    const timer = setTimeout(() => setUnderlined(true), underlineDelayMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <section ref={hostRef} className={styles.hero} aria-labelledby="hero-title">
      <RippleCanvas texture={texture} hostRef={hostRef} />
      <div className={styles.scrim} aria-hidden="true" />
      <div className={styles.content}>
        <DropLogo />
        <h1 id="hero-title" className={styles.title} tabIndex={-1}>
          <span className={`${styles.underline} ${underlined ? styles.drawn : ''}`} data-underlined={underlined}>
            {heroTitle}
          </span>
        </h1>
        <p className={styles.lead}>
          Empresas, fundaciones y jóvenes sumamos acciones concretas por la seguridad hídrica del país.
        </p>
        <button type="button" className={styles.cta} onClick={() => setContactForm(true)}>
          ¿quieres sumarte?
        </button>
      </div>
    </section>
  );
}
