import path from 'node:path';
import { createApp } from './app';
import { loadContent, type Content } from './content/load-content';
import { loadEnv, repoRoot } from './env';
import { registrySource } from './remotes/registry';

let content: Content | undefined;

/** An app over the real content, for in-process tests (`app.request`). */
export function testApp(overrides: Record<string, string> = {}) {
  content ??= loadContent(path.join(repoRoot, 'api/content'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://sitio.test', ...overrides });
  return createApp({ env, content, registry: registrySource(env) });
}
