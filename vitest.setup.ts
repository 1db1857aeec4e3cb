import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.className = '';
});

// jsdom has no layout: scrolling is a no-op there (react-router's scroll restoration calls it)
if (typeof window !== 'undefined') window.scrollTo = () => {};
