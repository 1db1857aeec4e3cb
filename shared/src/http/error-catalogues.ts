import { authFailureLine, checkFormMessage, csrfMismatchMessage, genericErrorMessage } from '@gota/shared/contracts';
import type { AlertInput } from '@gota/shared/store';
import type { Failure } from './failure';

// The two ways the site words a failure (product §8), side by side so a text is changed in one place.

/** The account pages' line when no answer came (product §8, with the spelling of product §10.2). */
const noResponseMessage = 'Error inesperado, intenta más tarde';
/** The title of the shared handler's warning for a 422 field map. */
const attentionTitle = 'Atención';

/** What the catalogues need to know of the form: which of the answer's fields it shows next to an input. */
export type FieldOwner = (field: string) => boolean;

/** The 422 messages that belong to no field the form shows, in order. */
export function unfieldedMessages(failure: Failure, hasField: FieldOwner = () => false): string[] {
  if (failure.kind !== 'validation') return [];
  const rest = Object.entries(failure.fields).filter(([field]) => !hasField(field));
  return [...failure.loose, ...rest.flatMap(([, messages]) => messages)];
}

/**
 * The account pages (sign-in, recovery, registration, reset), one line each. No answer → the unexpected-error line;
 * 422 → every message, once; 429 → wait a minute; 419 → reload the page; any other status → 'Error: {status},
 * {the server's message}', never an English reason phrase (decision 013).
 */
export function authLines(failure: Failure): string[] {
  switch (failure.kind) {
    case 'no-answer':
      return [noResponseMessage];
    case 'validation': {
      const lines = [...Object.values(failure.fields).flat(), ...failure.loose];
      return lines.length > 0 ? [...new Set(lines)] : [failure.message ?? noResponseMessage];
    }
    case 'throttled':
    case 'csrf':
    case 'status':
      return [authFailureLine(failure.status, failure.message)];
  }
}

/** The account pages' alert: every line in one error alert the visitor can close. */
export function authAlert(failure: Failure): AlertInput {
  return { type: 'error', title: 'Error', subtitle: authLines(failure).join('\n'), closable: true };
}

/**
 * Every other form and request (the shared handler's own wording): a 422 list as 'Errores', a single 422 message as
 * 'Error', a field map as the warning 'Atención' listing what found no field; 419 a warning to reload; another status
 * 'Error({status}): {message}'; no answer the generic message.
 */
export function siteAlert(failure: Failure, hasField?: FieldOwner): AlertInput {
  switch (failure.kind) {
    case 'no-answer':
      return { type: 'error', title: 'Error', subtitle: genericErrorMessage };
    case 'csrf':
      return { type: 'warning', title: csrfMismatchMessage };
    case 'throttled':
    case 'status':
      return { type: 'error', title: `Error(${failure.status}): ${failure.message ?? genericErrorMessage}` };
    case 'validation':
      switch (failure.shape) {
        case 'list':
          return { type: 'error', title: 'Errores', subtitle: failure.loose.join('\n') };
        case 'text':
          return { type: 'error', title: 'Error', subtitle: failure.loose[0] };
        case 'none':
          return { type: 'error', title: 'Error', subtitle: failure.message ?? genericErrorMessage };
        case 'map': {
          const list = unfieldedMessages(failure, hasField);
          return { type: 'warning', title: attentionTitle, subtitle: checkFormMessage, list, closable: list.length > 0 };
        }
      }
  }
}
