import { federatedConfig } from '@gota/shared/webpack';

// The host: no remote is compiled in; the registry the API serves is registered at run time (src/remotes/). Its server
// build also exposes the renderer the API calls (src/server/).
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: 3100,
  host: true,
  runtimePlugins: ['./src/remotes/resilience-plugin.ts', './src/remotes/cross-origin-plugin.ts'],
  serverExposes: { './server': './src/server/render-page.tsx' },
});
