import { useEffect, useMemo, useRef, useState } from 'react';
import { counterDisplay, type ImpactCounter } from '@gota/shared/contracts';
import { useReducedMotion, VisuallyHidden } from '@gota/shared/ui';
import { formatCount, useCountUp, type CounterFormat } from './use-count-up';
import styles from './impact-counters.module.css';

interface CounterItem extends CounterFormat {
  target: number;
  label: string;
}

const radius = 52;
const circumference = 2 * Math.PI * radius;

function Counter({ item, active, instant }: { item: CounterItem; active: boolean | null; instant: boolean }) {
  const { value, progress } = useCountUp(item.target, active, instant);
  const final = formatCount(item.target, item);
  return (
    <li className={styles.counter}>
      <div className={styles.dial}>
        <svg className={styles.ring} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle className={styles.track} cx="60" cy="60" r={radius} />
          <circle
            className={styles.progress}
            cx="60"
            cy="60"
            r={radius}
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - progress)}
          />
        </svg>
        {/* screen readers get the final figure once, not every tick */}
        <span className={styles.value} aria-hidden="true" data-counter={item.label}>
          {formatCount(value, item)}
        </span>
      </div>
      <p className={styles.label}>
        <VisuallyHidden>{final} </VisuallyHidden>
        {item.label}
      </p>
    </li>
  );
}

/**
 * Impact counters: they count up when the section scrolls into view and reset to 0 when it leaves (product §4). The
 * server renders the final figures; the counting starts once the page is live. The figures and labels are the
 * campaign team's, edited in the panel's «Contadores» (decision 059): figures of a million or more show in millions.
 */
export function ImpactCounters({ counters }: { counters: ImpactCounter[] }) {
  const items = useMemo(
    () =>
      counters.map((counter): CounterItem => {
        const { target, decimals, prefix, suffix } = counterDisplay(counter);
        return { target, decimals, prefix, suffix, label: counter.etiqueta };
      }),
    [counters],
  );
  const ref = useRef<HTMLElement>(null);
  const [active, setActive] = useState<boolean | null>(null);
  const instant = useReducedMotion();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- without an observer the section counts as seen, known only once live (the server rendered the final figures)
      setActive(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => setActive(entries.some((entry) => entry.isIntersecting)), {
      threshold: 0.25,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={ref} className={styles.section} aria-labelledby="nuestro-impacto">
      <h2 id="nuestro-impacto" className={styles.title}>
        Nuestro impacto
      </h2>
      <ul className={styles.list}>
        {items.map((item, index) => (
          <Counter key={`${index}-${item.label}`} item={item} active={active} instant={instant} />
        ))}
      </ul>
    </section>
  );
}
