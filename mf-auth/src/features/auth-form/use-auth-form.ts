import { firstFieldErrors, useForm, type FormValues, type UseFormOptions } from '@gota/shared/forms';
import { isHttpError } from '@gota/shared/http';
import { useSiteStore } from '@gota/shared/store';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authErrorLines, unassignedLines } from './auth-errors';

/**
 * The form helper plus the auth error catalogue: a failure shows its lines in an error alert, attaches 422 messages to
 * their fields and keeps the rest for the error summary. Each attempt starts clean: `startAttempt` hides the alerts
 * of the previous one and empties the summary, and leaving the page hides them too, so an old message never sits next
 * to a newer answer (a countdown, the page a success leads to).
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

  /** `aliases`: server keys that belong to a form field of another name (login's `username` is its `email` field). */
  function reportFailure(error: unknown, aliases: Record<string, keyof T & string> = {}) {
    const fields = [...Object.keys(defaults), ...Object.keys(aliases)];
    if (isHttpError(error) && error.response?.status === 422) {
      const byField = firstFieldErrors(error.response.data) ?? {};
      for (const [key, target] of Object.entries(aliases)) {
        const message = byField[key];
        if (message) form.setError(target, message);
      }
    }
    setOtherErrors(unassignedLines(error, fields));
    const id = useSiteStore.getState().addAlert({ type: 'error', title: 'Error', subtitle: authErrorLines(error).join('\n'), closable: true });
    alertIds.current.push(id);
  }

  return { form, otherErrors, startAttempt, reportFailure };
}
