import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// This file runs inside the federation runtime, before shared modules exist: it must not import React or the store.

const attempts = 3;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a manifest fetch that failed for a passing reason (network error or 5xx) with a short backoff, and logs a
 * Spanish line when a remote cannot be loaded. The page itself then shows the remote's fallback (remote-boundary.tsx).
 */
export default function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'gota-resilience',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < attempts; attempt++) {
        try {
          const response = await fetch(url, init);
          if (response.status < 500) return response;
          lastError = new Error(`HTTP ${response.status} en ${url}`);
        } catch (error) {
          lastError = error;
        }
        if (attempt < attempts - 1) await delay(250 * 2 ** attempt);
      }
      throw lastError;
    },
    errorLoadRemote({ id, error }) {
      console.error(`[federación] No se pudo cargar «${id}».`, error);
      return undefined;
    },
  };
}
