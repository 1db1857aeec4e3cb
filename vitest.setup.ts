import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// `findBy…` and `waitFor` wait for what a test expects to appear; the default second is too short on a loaded machine
// (CI runs the whole suite on two cores), where a dialog's on-demand chunk can take longer to arrive. A test that
// passes waits no longer; one that fails says so after five seconds instead of one. Test timeouts stay vitest's.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.className = '';
});

// jsdom has no layout: scrolling is a no-op there (react-router's scroll restoration calls it)
if (typeof window !== 'undefined') window.scrollTo = () => {};

// jsdom has no canvas: a 2D context is null, as in a browser that cannot make one, instead of a "Not implemented" trace
// each time axe measures a text (its icon-ligature check asks for one)
if (typeof window !== 'undefined') HTMLCanvasElement.prototype.getContext = () => null;

// Every document the server sends carries its anti-forgery token, which the http client sends back with each request
// (and reports when missing). The tests' document does too; a test about a missing token removes it.
beforeEach(() => {
  if (typeof document !== 'undefined' && !document.querySelector('meta[name="csrf-token"]')) {
    document.head.insertAdjacentHTML('beforeend', '<meta name="csrf-token" content="token-de-prueba">');
  }
});
