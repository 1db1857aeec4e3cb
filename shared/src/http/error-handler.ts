import { useSiteStore } from '@gota/shared/store';
import { authAlert, siteAlert, unfieldedMessages, authLines, type FieldOwner } from './error-catalogues';
import { readFailure, type Failure } from './failure';
import { isAxiosError, type AxiosError } from './http-client';

export interface ErrorHandlerOptions {
  /** Per-status handlers; the one for the answer's status wins over everything else. */
  handlers?: Partial<Record<number, (error: AxiosError) => void>>;
  /** Replaces the catalogue for every status without its own handler (and for no answer at all). */
  defaultHandler?: (error: unknown) => void;
  /** Global notification (the alerts); on by default. */
  notify?: boolean;
  /**
   * The form that sent the request, to tell which 422 messages are shown on its fields (the form helper attached them
   * already) and which go in the alert or the summary. `useForm`'s result fits.
   */
  form?: { hasField: FieldOwner };
  /** `site` (default): the shared wording; `auth`: the account pages' (product §8). */
  wording?: 'site' | 'auth';
  /** One line that replaces the catalogue's for every failure, in a closable error alert (e.g. a failed sign-out). */
  message?: string;
}

/** What the handler did, for a page that shows more than the alert (the auth pages' error summary). */
export interface HandledError {
  failure: Failure;
  /** The alert shown, if any (so the page can hide it when the next attempt starts). */
  alertId?: number;
  /**
   * The messages no field of the form shows, for an error summary: the 422 messages without a field, or with the
   * `auth` wording the catalogue's lines for any other failure.
   */
  unassigned: string[];
}

/**
 * The one error handler of the site (product §8): reads a failed request once (`readFailure`) and shows it in the
 * wording asked for. Field messages are not its job: the form helper attached them when the request failed.
 *
 * @example
 * form.submit('post', route('contacto')).catch((error) => handleError(error, { form }))
 */
export function handleError(error: unknown, options: ErrorHandlerOptions = {}): HandledError {
  const failure = readFailure(error);
  const status = failure.kind === 'no-answer' ? undefined : failure.status;
  const own = status === undefined ? undefined : options.handlers?.[status];
  if (own && isAxiosError(error)) {
    own(error);
    return { failure, unassigned: [] };
  }
  if (options.defaultHandler) {
    options.defaultHandler(error);
    return { failure, unassigned: [] };
  }

  const hasField = options.form?.hasField;
  const auth = options.wording === 'auth';
  const alert = options.message
    ? { type: 'error' as const, title: 'Error', subtitle: options.message, closable: true }
    : auth
      ? authAlert(failure)
      : siteAlert(failure, hasField);
  const unassigned = failure.kind === 'validation' ? unfieldedMessages(failure, hasField) : auth ? authLines(failure) : [];
  if (options.notify === false) return { failure, unassigned };
  return { failure, alertId: useSiteStore.getState().addAlert(alert), unassigned };
}
