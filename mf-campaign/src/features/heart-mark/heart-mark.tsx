import styles from './heart-mark.module.css';

/**
 * The campaign's «water finger heart», drawn inline so it takes the theme's colours (blue in light, magenta in dark);
 * the downloadable kit holds the fixed-colour versions. Decorative where it is used: the heading beside it says it all.
 */
export function HeartMark({ className }: { className?: string }) {
  return (
    <svg
      className={[styles.mark, className].filter(Boolean).join(' ')}
      viewBox="0 0 240 240"
      width="240"
      height="240"
      aria-hidden="true"
      focusable="false"
    >
      <g className={styles.fingers}>
        <path d="M120 198C64 152 34 114 46 78c10-30 50-36 74 0" />
        <path d="M120 198c56-46 86-84 74-120-10-30-50-36-74 0" />
      </g>
      <path className={styles.drop} d="M120 96c-15 19-25 31-25 45a25 25 0 0 0 50 0c0-14-10-26-25-45z" />
    </svg>
  );
}
