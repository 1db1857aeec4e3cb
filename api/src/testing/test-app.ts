import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { loadContent, type Content } from '../content/load-content';
import { loadEnv, repoRoot, type Env } from '../env';
import type { Database } from '../db/database';
import type { Lifecycle } from '../lifecycle/shutdown';
import { createLogger, type Logger } from '../logging/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import { registrySource } from '../remotes/registry';
import type { PageRenderer } from '../render/page-renderer';

let content: Content | undefined;

/** The test environment: no throttles, cooldown or fill time unless a test sets them; IPs from X-Forwarded-For. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gota-api-')),
    APP_URL: 'http://localhost:3000',
    MIN_FILL_MS: '0',
    THROTTLE_IP_LIMIT: '0',
    THROTTLE_IDENTITY_LIMIT: '0',
    CONTACT_COOLDOWN_SECONDS: '0',
    TRUST_PROXY: 'true',
    ...overrides,
  });
}

/** A mailer that keeps messages in memory. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    sendLater(message) {
      sent.push(message);
    },
    async idle() {},
    async close() {},
  };
}

export interface TestAppOptions {
  database?: Database;
  mailer?: Mailer;
  env?: Record<string, string>;
  /** Default: silent. */
  logger?: Logger;
  /** Default: the real renderer over the local builds (absent builds: the browser renders every page). */
  renderer?: PageRenderer;
  /** Default: never draining. */
  lifecycle?: Lifecycle;
}

/** The real app, in process, with a silent logger. */
export function testApp({ database, mailer = recordingMailer(), env: overrides, logger, renderer, lifecycle }: TestAppOptions = {}): { app: Hono; env: Env; mailer: Mailer } {
  const env = testEnv(overrides);
  content ??= loadContent(path.join(repoRoot, 'api/content'));
  const app = createApp({ env, content, registry: registrySource(env), database, mailer, renderer, lifecycle, logger: logger ?? createLogger({ level: 'silent' }) });
  return { app, env, mailer };
}
