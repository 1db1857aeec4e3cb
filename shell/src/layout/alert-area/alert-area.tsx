import { useSiteStore, type Alert, type AlertPositionX, type AlertPositionY } from '@gota/shared/store';
import { createPortal } from 'react-dom';
import { alertAreaAttribute } from './alert-area-marker';
import { AlertItem } from './alert-item';
import styles from './alert-area.module.css';
import { useAlertSlot } from './alert-slot';
import { useAlertTimers } from './use-alert-timers';

const positions: ReadonlyArray<readonly [AlertPositionY, AlertPositionX]> = [
  ['top', 'left'],
  ['top', 'center'],
  ['top', 'right'],
  ['bottom', 'left'],
  ['bottom', 'center'],
  ['bottom', 'right'],
];

/**
 * The global alert area (product §2, §4): the store's alerts in six fixed stacks, by vertical and horizontal position.
 * The stacks are always in the DOM so that an alert is inserted into a container that already exists. While a dialog
 * is open, every alert shows in the dialog's own slot instead (alert-slot.ts), where it cannot cover the dialog.
 */
export function AlertArea() {
  const alerts = useSiteStore((state) => state.alerts);
  const { pause, resume } = useAlertTimers(alerts);
  const slot = useAlertSlot();

  const at = (y: AlertPositionY, x: AlertPositionX): Alert[] =>
    slot ? [] : alerts.filter((alert) => alert.positionY === y && alert.positionX === x);

  return (
    // aria-live="off" announces nothing by itself (each alert is its own live region), but it keeps the area out of
    // the aria-hidden that an open Radix dialog puts on the rest of the page, so alerts about a form are still heard.
    <div className={styles.area} aria-live="off" {...{ [alertAreaAttribute]: '' }}>
      {positions.map(([y, x]) => (
        <div key={`${y}-${x}`} className={styles.stack} data-y={y} data-x={x}>
          {at(y, x).map((alert) => (
            <AlertItem key={alert.id} alert={alert} onPause={pause} onResume={resume} />
          ))}
        </div>
      ))}
      {slot &&
        createPortal(
          // inside the dialog a hidden alert leaves at once: an empty band would push the form down for 2 s
          alerts
            .filter((alert) => alert.show)
            .map((alert) => <AlertItem key={alert.id} alert={alert} onPause={pause} onResume={resume} />),
          slot,
        )}
    </div>
  );
}
