import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// This file runs inside the federation runtime, before shared modules exist: it must not import React or the store.

/** Whether a file comes from another origin than the page (a remote on its team's CDN). */
function otherOrigin(url: string): boolean {
  return new URL(url, location.href).origin !== location.origin;
}

/** The element the runtime would make, with `attrs`, and CORS for another origin's file. */
function withCors<E extends HTMLScriptElement | HTMLLinkElement>(element: E, attrs: Record<string, unknown> | undefined): E {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name === 'async' || name === 'defer') (element as unknown as Record<string, unknown>)[name] = value;
    else element.setAttribute(name, String(value));
  }
  element.crossOrigin = 'anonymous';
  return element;
}

/**
 * Another origin's remote entry, and the chunks and style sheets the runtime preloads, are asked for with CORS
 * (`crossorigin="anonymous"`), as the document preloads them (api/src/pages/document.ts) and as webpack loads chunks
 * (`crossOriginLoading`). Without it the runtime's `<script>` and `<link>` do not match the preload, and Chromium
 * downloads each file twice (issue #31 item 8). The page's own files are left as the runtime makes them.
 */
export default function crossOriginPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'gota-cross-origin',
    createScript({ url, attrs }) {
      if (!otherOrigin(url)) return undefined;
      const script = withCors(document.createElement('script'), attrs);
      script.src = url;
      return script;
    },
    createLink({ url, attrs }) {
      if (!otherOrigin(url)) return undefined;
      const link = withCors(document.createElement('link'), attrs);
      link.href = url;
      return link;
    },
  };
}
