import { http } from '@gota/shared/http';
import { route } from '@gota/shared/routes';

/** Ends the session and reloads the home page, so every part of the page (and every remote) starts signed out. */
export async function signOut(): Promise<void> {
  await http.post(route('logout'));
  window.location.assign(route('index'));
}
