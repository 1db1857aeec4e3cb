import path from 'node:path';
import { z } from 'zod';
import { apiEnvShape, checkApiEnv, type ApiPaths, apiPaths } from './env-api';
import { parseRemotes } from './releases/release-set';

/** Repository root: the API serves the front-end builds from the workspace folders beside it. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database and the mail outbox live. */
  DATA_DIR: z.string().default('./data'),
  /** Public origin used for canonical URLs and share links. Defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  /**
   * Development and tests only: where a remote's local build is, as JSON (`{"mf_allies":"http://localhost:3103/mf-manifest.json"}`),
   * instead of this API's /mf/<folder>/. A release activated with `npm run release` still wins (decision 039).
   */
  REMOTES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      try {
        return parseRemotes(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The registry file of before releases (decision 039): read once, at the first start on a database without releases,
   * and imported as the active releases. Remove it afterwards.
   */
  REMOTES_FILE: z.string().optional(),
  /** Enables the release endpoints (`npm run release`) for `Authorization: Bearer <token>`; unset, they do not exist. */
  RELEASE_TOKEN: z.string().min(24, 'necesita al menos 24 caracteres').optional(),
  /**
   * Origins whose server code the API may run (comma-separated, `https://cdn.example.mx`). The local builds are always
   * allowed; a remote registered from another origin renders in the browser only.
   */
  REMOTES_ALLOWED_ORIGINS: z.string().default(''),
  /** At start, how long the server may wait for the database's migrations and the server code before it listens. */
  STARTUP_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** How many anonymous pages the server keeps rendered (an LRU); 0 renders every request (the bench measures so). */
  HTML_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /**
   * How long an edge (nginx, a CDN) may keep an anonymous page before asking again, in seconds (`s-maxage`, and as long
   * again served stale while it asks); 0 asks every time but still lets it serve a page when every instance is down.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Folder of the shell build. */
  SHELL_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** On SIGTERM the server drains (finishes what is in flight) for at most this long, then exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Enables `GET /metrics` on the public port for `Authorization: Bearer <token>` (at least 16 characters). */
  METRICS_TOKEN: z.string().min(16, 'necesita al menos 16 caracteres').optional(),
  /** Serves `GET /metrics` without a token on this separate port (keep it off the internet). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface of the metrics port. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Names this instance in every log line and metric; default `hostname:pid`. */
  INSTANCE_ID: z.string().regex(/^[\w.:-]{1,64}$/, 'solo letras, números, punto, guion, dos puntos y guion bajo (máximo 64)').optional(),
  ...apiEnvShape,
});

export type Env = z.infer<typeof EnvSchema> & { appUrl: string; dataDir: string; shellDist: string; remotesAllowedOrigins: string[] } & ApiPaths;

function origins(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = new URL(item);
      if (url.origin !== item.replace(/\/$/, '')) throw new Error(`REMOTES_ALLOWED_ORIGINS: «${item}» no es un origen (esquema, dominio y puerto)`);
      return url.origin;
    });
}

/** Validates the environment; a bad value stops the start with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  checkApiEnv(env);
  // one way to release a remote in production: `npm run release`, never a variable edited on each instance
  if (env.NODE_ENV === 'production' && env.REMOTES) {
    throw new Error('Configuración inválida:\n  REMOTES: solo en desarrollo y pruebas; en producción se publica con npm run release (README, «Releasing a remote»)');
  }
  return {
    ...env,
    ...apiPaths(env),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    shellDist: path.resolve(env.SHELL_DIST ?? path.join(repoRoot, 'shell/dist')),
    remotesAllowedOrigins: origins(env.REMOTES_ALLOWED_ORIGINS),
  };
}
