import { firstFieldErrors, useForm, type FormValues, type UseFormOptions } from '@gota/shared/forms';
import { isAxiosError } from '@gota/shared/http';
import { useSiteStore } from '@gota/shared/store';
import { useState } from 'react';
import { authErrorLines, unassignedLines } from './auth-errors';

/**
 * The form helper plus the auth error catalogue: a failure shows its lines in an error alert, attaches 422 messages to
 * their fields and keeps the rest for the error summary.
 */
export function useAuthForm<T extends FormValues>(defaults: T, options: UseFormOptions<T> = {}) {
  const form = useForm(defaults, options);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  /** `aliases`: server keys that belong to a form field of another name (login's `username` is its `email` field). */
  function reportFailure(error: unknown, aliases: Record<string, keyof T & string> = {}) {
    const fields = [...Object.keys(defaults), ...Object.keys(aliases)];
    if (isAxiosError(error) && error.response?.status === 422) {
      const byField = firstFieldErrors(error.response.data) ?? {};
      for (const [key, target] of Object.entries(aliases)) {
        const message = byField[key];
        if (message) form.setError(target, message);
      }
    }
    setOtherErrors(unassignedLines(error, fields));
    useSiteStore.getState().addAlert({ type: 'error', title: 'Error', subtitle: authErrorLines(error).join('\n'), closable: true });
  }

  return { form, otherErrors, clearOtherErrors: () => setOtherErrors([]), reportFailure };
}
