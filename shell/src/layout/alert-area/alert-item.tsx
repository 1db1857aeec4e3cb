import { useSiteStore, type Alert } from '@gota/shared/store';
import styles from './alert-area.module.css';
import { Button } from '@gota/shared/ui';

export interface AlertItemProps {
  alert: Alert;
  onPause: (id: number) => void;
  onResume: (id: number) => void;
}

/** Errors and warnings interrupt (role alert); information and success wait their turn (role status). */
const roleOf = (type: Alert['type']) => (type === 'error' || type === 'warning' ? 'alert' : 'status');

/** One alert: title, subtitle, an optional scrollable list, a close button when closable and its time bar. */
export function AlertItem({ alert, onPause, onResume }: AlertItemProps) {
  const removeAlert = useSiteStore((state) => state.removeAlert);
  const { id, type, title, subtitle, list, closable, show, progress } = alert;

  return (
    <div
      role={roleOf(type)}
      className={styles.alert}
      data-type={type}
      data-show={show}
      // inline, not in the stylesheet: a modal Radix dialog sets pointer-events none on the body, and the close button
      // must still work over it; an inline style states that where the behaviour lives
      style={{ pointerEvents: 'auto' }}
      // while it animates out (the 2 s before removal) it is gone for assistive technology and the keyboard too
      aria-hidden={show ? undefined : true}
      inert={!show}
      onMouseEnter={() => onPause(id)}
      onMouseLeave={() => onResume(id)}
      onFocus={() => onPause(id)}
      onBlur={() => onResume(id)}
    >
      <AlertIcon type={type} />
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {list.length > 0 && (
          // focusable so that keyboard users can scroll a long list of messages (axe: scrollable-region-focusable)
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, not a control
          <ul className={styles.list} tabIndex={0} aria-label={title || 'Detalles'}>
            {list.map((line, index) => (
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      {closable && (
        <Button className={styles.close} aria-label="Cerrar alerta" onClick={() => removeAlert(id)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </Button>
      )}
      <span className={styles.progress} style={{ transform: `scaleX(${progress / 100})` }} aria-hidden="true" />
    </div>
  );
}

function AlertIcon({ type }: { type: Alert['type'] }) {
  const mark =
    type === 'success' ? (
      <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    ) : type === 'info' ? (
      <path d="M12 11v6M12 7.2v.1" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    ) : (
      <path d="M12 7v6M12 16.8v.1" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    );
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      {mark}
    </svg>
  );
}
