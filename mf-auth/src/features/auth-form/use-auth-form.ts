import { useForm, type FormValues, type UseFormOptions } from '@gota/shared/forms';
import { handleError } from '@gota/shared/http';
import { useSiteStore } from '@gota/shared/store';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What the server put in the page when it answered the form sent without JavaScript (decision 043): the page's
 * `errors` (one message by field; `form` for a refusal that is not a field's) and `values` (the fields as sent).
 */
export interface ServerAnswer {
  errors?: Record<string, string>;
  values?: Record<string, string> | undefined;
}

/**
 * The form helper plus the shared error handler in the account pages' wording (product §8): a failure shows its lines
 * in an error alert, its 422 messages on their fields (the form helper puts them there) and the rest in the error
 * summary. Each attempt starts clean: `startAttempt` hides the alerts of the previous one and empties the summary, and
 * leaving the page hides them too, so an old message never sits next to a newer answer (a countdown, the page a
 * success leads to). `fromServer` is the page's answer to the same form posted without JavaScript (decision 043): its
 * messages and values are the form's from the first render, on the server and in the browser alike.
 */
export function useAuthForm<T extends FormValues>(defaults: T, options: UseFormOptions<T> = {}, fromServer: ServerAnswer = {}) {
  const form = useForm(defaults, { ...options, fromServer });
  // the server's messages that belong to no field of the form go to the summary, as a script's failure's would
  const [otherErrors, setOtherErrors] = useState<string[]>(() => {
    const owned = new Set([...Object.keys(defaults), ...Object.keys(options.aliases ?? {})]);
    return Object.entries(fromServer.errors ?? {}).flatMap(([field, message]) => (owned.has(field) ? [] : [message]));
  });
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

  /**
   * One sending of the form: nothing while the previous one is on its way; the answer to this one is the only one on
   * screen, and its failure is reported.
   */
  async function attempt(send: () => Promise<void>) {
    if (form.processing) return;
    startAttempt();
    try {
      await send();
    } catch (error) {
      reportFailure(error);
    }
  }

  return { form, otherErrors, attempt, startAttempt, reportFailure };
}
