import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
