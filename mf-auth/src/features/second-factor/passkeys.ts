import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { http } from '@gota/shared/http';

/**
 * One WebAuthn exchange: asks the server for a challenge at `optionsUrl`, lets the browser answer it (`ask`: the person
 * touches their key or unlocks their phone), and hands the answer to `send`. Null when the person closed the browser's
 * dialog (or it timed out): nothing to report as a failure.
 */
async function exchange<A, T>(
  optionsUrl: string,
  ask: (options: never) => Promise<A>,
  send: (answer: A) => Promise<T>,
): Promise<T | null> {
  const options = (await http.post(optionsUrl)).data as never;
  let answer: A;
  try {
    answer = await ask(options);
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return null;
    throw error;
  }
  return send(answer);
}

/** Signs the server's challenge with one of the account's passkeys (the sign-in's second step). */
export function signWithPasskey<T>(
  optionsUrl: string,
  send: (answer: AuthenticationResponseJSON) => Promise<T>,
): Promise<T | null> {
  return exchange(optionsUrl, (optionsJSON) => startAuthentication({ optionsJSON }), send);
}

/** Creates a new passkey for the options the server gave («Seguridad de la cuenta»). */
export function createPasskey<T>(optionsUrl: string, send: (answer: RegistrationResponseJSON) => Promise<T>): Promise<T | null> {
  return exchange(optionsUrl, (optionsJSON) => startRegistration({ optionsJSON }), send);
}
