import path from 'node:path';
import { z } from 'zod';
import type { RemotesRegistry } from '@gota/shared/contracts';
import { remoteNames } from '@gota/shared/routes';
import { apiEnvShape, checkApiEnv, type ApiPaths, apiPaths } from './env-api';

/**
 * Repository root: the API serves the front-end builds from the workspace folders beside it. Two levels up from this
 * module's folder, whether it runs from api/src through tsx or compiled into api/dist (decision 064).
 */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Whether this process runs the compiled API (api/dist, built by `api/scripts/build-api.mjs`: `npm start`, production)
 * rather than its TypeScript through tsx (`npm run dev`, the tests). A program it starts in a child runs the same way.
 */
export const runsCompiled = !import.meta.url.endsWith('.ts');

/** The compiled API's folder (`runsCompiled`). */
export const compiledApi = path.join(repoRoot, 'api/dist');

/**
 * Reads `REMOTES` (and a `REMOTES_FILE`, decision 039): a JSON map of remote names to manifest URLs, each name one of
 * the route table's.
 */
export function parseRemotes(json: string): RemotesRegistry {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('REMOTES no es JSON válido');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('REMOTES debe ser un objeto { nombre: url }');
  const registry: RemotesRegistry = {};
  for (const [name, url] of Object.entries(value)) {
    if (!(remoteNames as readonly string[]).includes(name))
      throw new Error(`REMOTES: «${name}» no es un remoto (${remoteNames.join(', ')})`);
    if (typeof url !== 'string' || !/^(https?:\/\/|\/)/.test(url))
      throw new Error(`REMOTES: el remoto «${name}» necesita una URL absoluta o que empiece por /`);
    registry[name] = url;
  }
  return registry;
}

export const EnvSchema = z.object({
  /**
   * `production` hides the Example page, makes the cookies `Secure` and `__Host-` (COOKIE_SECURE), requires
   * SESSION_SECRET and SMTP_URL, and refuses REMOTES.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /**
   * Where the embedded database and the mail outbox live. With the embedded database only one process may use the
   * folder: a second one stops at start and says which process holds it (`db/gota-api.lock`; a lock left by a process
   * that is gone is taken over).
   */
  DATA_DIR: z.string().default('./data'),
  /**
   * Public origin used for canonical URLs and share links.
   * @default `http://localhost:$PORT`
   */
  APP_URL: z.url().optional(),
  /**
   * Development and tests only (production refuses it): where a remote's local build is, as JSON
   * (`{"mf_allies":"http://localhost:3103/mf-manifest.json"}`); remotes left out are served from this API's
   * /mf/<folder>/. A release activated with `npm run release` still wins (decision 039).
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
  /**
   * Enables the release endpoints of `npm run release` for `Authorization: Bearer <token>` (at least 24 characters):
   * the same on every instance and in the operator's environment. Unset, the endpoints do not exist.
   */
  RELEASE_TOKEN: z.string().min(24, 'necesita al menos 24 caracteres').optional(),
  /**
   * How long a release is watched after a person activates it: enough failures in this window roll it back
   * (decision 045). 0: never.
   */
  RELEASE_WATCH_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /**
   * A watched release is rolled back when its failures (server renders that fail, on any instance, and browsers' reports
   * of files that do not load, confirmed by the server) are more than this many.
   */
  RELEASE_ROLLBACK_THRESHOLD: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Browsers' reports count towards the threshold only once they come from at least this many addresses. */
  RELEASE_REPORT_MIN_ADDRESSES: z.coerce.number().int().min(1).max(1000).default(3),
  /**
   * Origins whose server code the API may run (comma-separated, `https://cdn.example.mx`). The local builds are always
   * allowed; a release registered from another origin is refused by its pre-flight, and a remote from elsewhere renders
   * in the browser only.
   */
  REMOTES_ALLOWED_ORIGINS: z.string().default(''),
  /**
   * How many renderer processes render pages on the server (decision 057): the remotes' server code runs there, with
   * no secret, never in the serving process. Each takes about 110 MB of memory; more of them keep pages rendering
   * while one is replaced.
   */
  RENDERERS: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * A server render not finished by then leaves its page to the browser (logged, counted in
   * `gota_render_timeouts_total`), and its renderer is killed and replaced: a remote whose render never ends cannot hold
   * the other pages.
   */
  RENDERER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Each renderer's heap limit in MB (`--max-old-space-size`): a renderer past it ends and is replaced. */
  RENDERER_MEMORY_MB: z.coerce.number().int().min(32).max(8192).default(256),
  /**
   * At start, how long the server may wait for the database's migrations and the remotes' server code before it listens
   * (a balancer's connections go elsewhere meanwhile).
   */
  STARTUP_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How many anonymous pages (documents and page objects) the server keeps built and compressed (gzip, and brotli too once
   * asked for twice), by URL (an LRU); 0 builds every request (the bench measures so).
   */
  HTML_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /**
   * How long an edge (nginx, a CDN) may keep an anonymous page before asking again, in seconds (`s-maxage`, and as long
   * again served stale while it asks: `stale-while-revalidate`); a page may also be served stale for a day while every
   * instance fails (`stale-if-error=86400`). 0: the edge asks every time, and still has a page when every instance is
   * down. Browsers always revalidate (`max-age=0`, 304 on a matching ETag).
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  /**
   * Folder of the shell build.
   * @default `shell/dist`
   */
  SHELL_DIST: z.string().optional(),
  /** pino's log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * On SIGTERM the server drains (finishes what is in flight) for at most this long, then cuts the remaining
   * connections and exits.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Enables `GET /metrics` (Prometheus text) on the public port for `Authorization: Bearer <token>` (at least 16
   * characters); unset, it does not exist there.
   */
  METRICS_TOKEN: z.string().min(16, 'necesita al menos 16 caracteres').optional(),
  /** Serves `GET /metrics` without a token on this separate port (keep it on the private network, off the internet). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface of the metrics port. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Names this instance in every log line and metric; uncaught errors are logged as one JSON line before exit.
   * @default `hostname:pid`
   */
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'solo letras, números, punto, guion, dos puntos y guion bajo (máximo 64)')
    .optional(),
  ...apiEnvShape,
});

export type Env = z.infer<typeof EnvSchema> & {
  appUrl: string;
  dataDir: string;
  shellDist: string;
  remotesAllowedOrigins: string[];
} & ApiPaths;

function origins(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = new URL(item);
      if (url.origin !== item.replace(/\/$/, ''))
        throw new Error(`REMOTES_ALLOWED_ORIGINS: «${item}» no es un origen (esquema, dominio y puerto)`);
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
    throw new Error(
      'Configuración inválida:\n  REMOTES: solo en desarrollo y pruebas; en producción se publica con npm run release (docs/operations/releases.md)',
    );
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
