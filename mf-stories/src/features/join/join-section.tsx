import { useEffect, useRef, useState } from 'react';
import { useSiteStore } from '@gota/shared/store';
import { Button } from '@gota/shared/ui';
import styles from './join-section.module.css';

/** When the page has barely been scrolled the section was visible on arrival: wait so the visitor notices it (product §2). */
const joinDelayMs = 2000;
const joinScrollThreshold = 50;

/** Starts the drawing once the element is in view: after 2 s when the page is scrolled at most 50 px, at once otherwise. */
function useDrawWhenSeen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (drawn || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- without an observer the drawing starts once live (never on the server)
      setDrawn(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (window.scrollY <= joinScrollThreshold) timer = setTimeout(() => setDrawn(true), joinDelayMs);
      else setDrawn(true);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [drawn]);
  return { ref, drawn };
}

/** 'Juntos sumamos': an invitation to join, with a hand-drawn arrow and circle that draw themselves. */
export function JoinSection() {
  const setContactForm = useSiteStore((state) => state.setContactForm);
  const { ref, drawn } = useDrawWhenSeen<HTMLElement>();
  return (
    <section
      ref={ref}
      className={`${styles.join} ${drawn ? styles.drawn : ''}`}
      aria-labelledby="juntos-sumamos"
      data-drawn={drawn}
    >
      <h2 id="juntos-sumamos" className={styles.title}>
        Juntos{' '}
        <span className={styles.circled}>
          sumamos
          <svg className={styles.circle} viewBox="0 0 220 90" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path pathLength={1} d="M20 48 C 24 14, 190 6, 206 40 C 220 72, 60 88, 22 62 C 4 50, 30 22, 80 16" />
          </svg>
        </span>
      </h2>
      <p className={styles.text}>
        Cada historia de esta página empezó con alguien que decidió actuar. Cuéntanos quién eres y te invitamos a la próxima
        acción por el agua de tu comunidad.
      </p>
      <div className={styles.action}>
        <svg className={styles.arrow} viewBox="0 0 120 60" aria-hidden="true" focusable="false">
          <path pathLength={1} d="M6 10 C 40 6, 70 24, 100 44" />
          <path pathLength={1} d="M86 46 L 102 46 L 98 30" />
        </svg>
        <Button shape="pill" variant="filled" onClick={() => setContactForm(true)}>
          ¿quieres sumarte?
        </Button>
      </div>
    </section>
  );
}
