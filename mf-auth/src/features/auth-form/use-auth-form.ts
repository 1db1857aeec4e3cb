import { useForm, type FormValues, type UseFormOptions } from '@gota/shared/forms';
import { handleError } from '@gota/shared/http';
import { useSiteStore } from '@gota/shared/store';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The form helper plus the shared error handler in the account pages' wording (product §8): a failure shows its lines
 * in an error alert, its 422 messages on their fields (the form helper puts them there) and the rest in the error
 * summary. Each attempt starts clean: `startAttempt` hides the alerts of the previous one and empties the summary, and
 * leaving the page hides them too, so an old message never sits next to a newer answer (a countdown, the page a
 * success leads to).
 */
export function useAuthForm<T extends FormValues>(defaults: T, options: UseFormOptions<T> = {}) {
  const form = useForm(defaults, options);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const alertIds = useRef<number[]>([]);

  const dismissAlerts = useCallback(() => {
    const { alerts, updateAlert } = useSiteStore.getState();
    for (const id of alertIds.current) {
      // hidden, not removed: the alert area plays the exit and removes it, as when its time is up
      if (alerts.some((alert) => alert.id === id && alert.show)) updateAlert(id, { show: false });
    }
    alertIds.current = [];
  }, []);
  useEffect(() => dismissAlerts, [dismissAlerts]);

  /** Call before sending: the answer to this attempt is the only one on screen. */
  function startAttempt() {
    dismissAlerts();
    setOtherErrors([]);
  }

  function reportFailure(error: unknown) {
    const { alertId, unassigned } = handleError(error, { wording: 'auth', form });
    setOtherErrors(unassigned);
    if (alertId !== undefined) alertIds.current.push(alertId);
  }

  return { form, otherErrors, startAttempt, reportFailure };
}
