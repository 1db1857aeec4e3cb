import { csrfMismatchMessage, genericErrorMessage } from '@gota/shared/contracts';
import { useSiteStore } from '@gota/shared/store';
import { isHttpError, type HttpError } from './http-client';

export const attentionTitle = 'Atención';
export const checkFormMessage = 'Comprueba que los datos del formulario sean correctos';

/** What the handler needs from a form to attach field messages (the form helper `useForm` fits). */
export interface FieldErrorTarget {
  hasField: (field: string) => boolean;
  setError: (errors: Record<string, string>) => void;
}

export interface ErrorHandlerOptions {
  /** Per-status handlers; the one for the answer's status wins over everything else. */
  handlers?: Partial<Record<number, (error: HttpError) => void>>;
  /** Replaces the built-in catalogue for every status without its own handler (and for no answer at all). */
  defaultHandler?: (error: unknown) => void;
  /** Global notification (the alerts); on by default. Field messages are attached to the form either way. */
  notify?: boolean;
  /** The form whose fields take the messages of a 422 field map. */
  form?: FieldErrorTarget;
}

const notifyWith = (enabled: boolean) => (input: Parameters<ReturnType<typeof useSiteStore.getState>['addAlert']>[0]) => {
  if (enabled) useSiteStore.getState().addAlert(input);
};

/**
 * The one error handler of the site (product §8): turns a failed request into alerts and field messages.
 *
 * @example
 * form.submit('post', route('contacto')).catch((error) => handleError(error, { form }))
 */
export function handleError(error: unknown, options: ErrorHandlerOptions = {}): void {
  const status = isHttpError(error) ? error.response?.status : undefined;
  const own = status === undefined ? undefined : options.handlers?.[status];
  if (own && isHttpError(error)) return own(error);
  if (options.defaultHandler) return options.defaultHandler(error);

  const alert = notifyWith(options.notify !== false);
  if (status === undefined || !isHttpError(error)) {
    alert({ type: 'error', title: 'Error', subtitle: genericErrorMessage });
    return;
  }
  const data: unknown = error.response?.data;
  if (status === 422) return handleValidation(data, options.form, alert);
  if (status === 419) {
    alert({ type: 'warning', title: csrfMismatchMessage });
    return;
  }
  alert({ type: 'error', title: `Error(${status}): ${messageOf(data) ?? genericErrorMessage}` });
}

function messageOf(data: unknown): string | undefined {
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

function handleValidation(data: unknown, form: FieldErrorTarget | undefined, alert: ReturnType<typeof notifyWith>): void {
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : data;
  if (Array.isArray(errors)) {
    alert({ type: 'error', title: 'Errores', subtitle: errors.map(String).join('\n') });
    return;
  }
  if (typeof errors === 'string' || (errors == null && messageOf(data))) {
    alert({ type: 'error', title: 'Error', subtitle: typeof errors === 'string' ? errors : messageOf(data) });
    return;
  }
  if (!errors || typeof errors !== 'object') {
    alert({ type: 'error', title: 'Error', subtitle: genericErrorMessage });
    return;
  }
  const attached: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((line): line is string => typeof line === 'string');
    if (form?.hasField(field) && messages[0]) attached[field] = messages[0];
    else rest.push(...messages);
  }
  if (Object.keys(attached).length > 0) form?.setError(attached);
  alert({ type: 'warning', title: attentionTitle, subtitle: checkFormMessage, list: rest, closable: rest.length > 0 });
}
