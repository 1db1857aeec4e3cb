import { useSiteStore } from '../store/site-store';

// captured when the test file imports this module, before any test has changed the store
const initialState = useSiteStore.getState();

/** Puts the one store back as it was when the tests started (the store is a module singleton). */
export function resetStore(): void {
  useSiteStore.setState(initialState, true);
}
