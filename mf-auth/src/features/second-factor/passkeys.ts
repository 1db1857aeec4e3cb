import { startAuthentication, startRegistration, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import { http } from '@gota/shared/http';

/**
 * Asks the server for a passkey's challenge at `optionsUrl`, lets the browser sign it (the person touches their key or
 * unlocks their phone), and hands the answer to `send`. Null when the person cancelled the browser's dialog.
 */
export async function signWithPasskey<T>(optionsUrl: string, send: (answer: AuthenticationResponseJSON) => Promise<T>): Promise<T | null> {
  const options = (await http.post(optionsUrl)).data;
  let answer: AuthenticationResponseJSON;
  try {
    answer = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
  return send(answer);
}

/** The same for a new passkey: the browser creates it for the options the server gave. Null when cancelled. */
export async function createPasskey<T>(optionsUrl: string, send: (answer: RegistrationResponseJSON) => Promise<T>): Promise<T | null> {
  const options = (await http.post(optionsUrl)).data;
  let answer: RegistrationResponseJSON;
  try {
    answer = await startRegistration({ optionsJSON: options });
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
  return send(answer);
}

/** The browser's dialog was closed, or timed out: nothing to report as a failure. */
function cancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
