import path from 'node:path';
import { z } from 'zod';
import { companyCooldownSeconds } from '@gota/shared/contracts';
import { parseTrustProxy } from './security/client-ip';

/** Known only to development and tests: production refuses to start with it (see `checkApiEnv`). */
const devSessionSecret = 'gota-a-gota-dev-secret-not-for-production-0000';

const positiveInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** Emails, comma-separated, trimmed and lower-cased. */
const emailList = () =>
  z
    .string()
    .default('')
    .transform(
      (value) =>
        new Set(
          value
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        ),
    );

/**
 * The variables of the server side of forms (issue #3): database, sessions, mail, throttling and the envelope.
 * Kept apart from `env.ts` so each part of the API names its own settings; `env.ts` spreads them into one schema.
 */
export const apiEnvShape = {
  /** `postgres://…` uses PostgreSQL; unset, the embedded PGlite in `$DATA_DIR/db`. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres://')
    .optional(),
  /** Most connections one instance opens to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Signs the anti-forgery tokens (a signed-in page's token is signed for its session) and the release preview cookie.
   * Required in production: at least 32 random characters.
   * @default a development value, refused in production
   */
  SESSION_SECRET: z.string().min(32, 'necesita al menos 32 caracteres').default(devSessionSecret),
  /**
   * `smtp://user:pass@host:587` sends for real. Unset, each message is written as an .eml file to `$DATA_DIR/mail` with
   * a log line (the reset link in it in development only). Required in production: without it the start stops with a
   * message.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'debe empezar por smtp:// o smtps://')
    .optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().default('Gota a Gota <no-responder@gotaagota.mx>'),
  /**
   * The first members of the campaign team (decision 051), by email, comma-separated, compared without regard to case.
   * Read at start: each listed account gets the role «bandeja» (the inbox) and «administrador», once; the roles are
   * kept in the database and changed in the panel's «Equipo» after that. An email without an account yet gets them
   * when the account is created or signs in.
   */
  STAFF_EMAILS: emailList(),
  /** Like STAFF_EMAILS, for the role «operador» (the releases' «Versiones», decision 044) and «administrador». */
  OPERATOR_EMAILS: emailList(),
  /** Like STAFF_EMAILS, for the role «editor» (who may publish stories, issue #41) and «administrador». */
  EDITOR_EMAILS: emailList(),
  /**
   * Seconds the outbox waits before each new try of a mail that could not be sent, comma-separated; after the last the
   * mail is marked failed (`fallido`). The first retry should come within a minute.
   */
  MAIL_RETRY_SECONDS: z
    .string()
    .default('30,120,600,3600,21600')
    .transform((value, ctx) => {
      const seconds = value.split(',').map((part) => Number(part.trim()));
      if (seconds.length === 0 || seconds.some((n) => !Number.isInteger(n) || n < 0)) {
        ctx.addIssue({ code: 'custom', message: 'debe ser una lista de segundos separados por comas (30,120,600)' });
        return z.NEVER;
      }
      return seconds;
    }),
  /** How often, in milliseconds, the outbox looks for mail whose time has come (a new mail is sent at once anyway). */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Who is told about each contact submission; unset, nobody is. */
  CONTACT_NOTIFY_TO: z.string().optional(),
  /**
   * Largest request body in bytes: a larger one gets 413, and the connection then closes after reading and dropping
   * what is left (at most 64 MB or 30 s), so the client reads the answer.
   */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /**
   * Private files: each account reads only its own folder, `$PRIVATE_DIR/<account id>/`, at `/private/storage?file=/…`
   * (401 signed out, 404 for anything else).
   * @default `$DATA_DIR/private`
   */
  PRIVATE_DIR: z.string().optional(),
  /**
   * A contact form sent sooner than this after its dialog opened is treated as a bot (answered, not stored): measured
   * on the server's clock from the token the dialog asks for as it opens (`GET /csrf-token`). 0 turns it off.
   */
  MIN_FILL_MS: positiveInt(2500),
  /** Window of the attempt counters, in seconds; ended windows are pruned within 5 minutes. */
  THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Attempts per client IP and window on each of login, recovery, registration and contact. 0 disables it. */
  THROTTLE_IP_LIMIT: positiveInt(20),
  /**
   * Searches per client IP and window that reach the database (issue #34): an answer already kept for its URL is not
   * counted. Past it `/buscar` answers 429 with a Spanish message. 0 disables it.
   */
  SEARCH_IP_LIMIT: positiveInt(120),
  /** Attempts per identity (email or username) and window on each of those forms. 0 disables it. */
  THROTTLE_IDENTITY_LIMIT: positiveInt(5),
  /**
   * Seconds a client waits between two company messages, and between two contact registrations (product §4: 60). 0
   * disables it.
   */
  CONTACT_COOLDOWN_SECONDS: positiveInt(companyCooldownSeconds),
  /** A whole request (headers and body) must arrive within this many seconds, or the connection is closed (408). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The request headers must arrive within this many seconds. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** A session without 'Recordarme' ends after this many minutes without a request… */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** …and this many hours after sign-in, however much it is used. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /** A 'Recordarme' session ends after this many days without a request… */
  REMEMBER_IDLE_DAYS: z.coerce.number().int().min(1).default(7),
  /** …and this many days after sign-in (also the cookie's lifetime). */
  REMEMBER_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * A session of an account that holds a role of the team (decision 051) ends after this many minutes without a request,
   * with or without 'Recordarme'.
   */
  ROLE_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  /**
   * Secure, `__Host-` cookies; turn it off for plain-http development.
   * @default on in production only (the site is served over HTTPS there)
   */
  COOKIE_SECURE: z.stringbool().optional(),
  /**
   * Which proxies may say who the client is in `X-Forwarded-For`: `false` (the socket's address), a number of trusted
   * hops in front of the API (`1` for one load balancer; `true` = 1), or a comma-separated list of proxy
   * addresses/CIDRs (`10.0.0.0/8,192.168.1.4`). The client is the right-most address not added by a trusted proxy; what
   * a client writes to the left of it is ignored.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
};

type ApiEnv = z.infer<z.ZodObject<typeof apiEnvShape>> & { NODE_ENV: string; DATA_DIR: string };

export interface ApiPaths {
  /** Absolute folder of `/private/storage`. */
  privateDir: string;
  /** Absolute folder of the development mail outbox. */
  mailDir: string;
  /** Absolute folder of the embedded database. */
  dbDir: string;
  /** Cookies are Secure and `__Host-` prefixed: COOKIE_SECURE, by default only in production (HTTPS). */
  secureCookies: boolean;
}

/** Rules between variables that a field schema cannot express. */
export function checkApiEnv(env: ApiEnv): void {
  if (env.NODE_ENV === 'production' && env.SESSION_SECRET === devSessionSecret) {
    throw new Error(
      'Configuración inválida:\n  SESSION_SECRET: es obligatoria en producción (al menos 32 caracteres aleatorios)',
    );
  }
  // without it the reset links would only exist in a local folder nobody reads (and, before, in the log)
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    throw new Error('Configuración inválida:\n  SMTP_URL: es obligatoria en producción (smtp://usuario:clave@servidor:587)');
  }
}

export function apiPaths(env: ApiEnv): ApiPaths {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    privateDir: path.resolve(env.PRIVATE_DIR ?? path.join(dataDir, 'private')),
    mailDir: path.join(dataDir, 'mail'),
    dbDir: path.join(dataDir, 'db'),
    secureCookies: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
  };
}
