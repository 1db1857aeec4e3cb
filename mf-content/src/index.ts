// Async boundary: shared singletons (React, the store) are negotiated before any of this app's code runs. A remote's
// own entry only runs in its page harness (`npm run dev` in its folder); the site loads what it exposes instead.
void import('./dev-harness');
