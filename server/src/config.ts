/**
 * Server configuration, read once from the environment and validated at start so that a
 * wrong value stops the server with a message naming the variable, not a crash later.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_UNPAID_MONTHS } from '@extranet/core/domain/policyLifecycle/expectedCommission.ts';
import { WEBHOOK_DISABLE_AFTER } from '@extranet/core/domain/webhook.ts';
import { checkWritableFolder } from './data-dir.ts';
import { type PersonalDataConfig, personalDataConfig } from './personal-data/config.ts';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RateLimit {
  /** Attempts allowed within the window. */
  readonly max: number;
  readonly windowMs: number;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute folder holding the embedded database, the JWT secret and the mail outbox. */
  readonly dataDir: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database is used. */
  readonly databaseUrl: string | undefined;
  /** A streaming replica lists, counts, exports and PDFs read from (DATABASE_READ_URL). */
  readonly databaseReadUrl: string | undefined;
  /** Beyond this lag the replica's reads go to the primary (DATABASE_READ_MAX_LAG_SECONDS). */
  readonly databaseReadMaxLagSeconds: number;
  /** Connections the server keeps to PostgreSQL (DATABASE_POOL_SIZE). */
  readonly databasePoolSize: number;
  /** Where PGlite keeps its files (`memory://` in tests). */
  readonly pgliteDir: string;
  /** Run PGlite in a worker thread (EMBEDDED_WORKER, default true) rather than the server's own (db/pglite-thread.ts). */
  readonly embeddedWorker: boolean;
  /**
   * Token signing secret: JWT_SECRET, else (embedded database only) one generated into DATA_DIR.
   * Undefined when DATABASE_URL is set without JWT_SECRET: the servers of that database then
   * share one generated and stored in it (db/secrets.ts), never one per instance.
   */
  readonly jwtSecret: string | undefined;
  /** Bearer token Prometheus scrapes management/prometheus with (PROMETHEUS_TOKEN); admins' JWTs work too. */
  readonly prometheusToken: string | undefined;
  readonly tokenValiditySeconds: number;
  readonly tokenValidityRememberMeSeconds: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Public URL of the web app, used in mailed links. */
  readonly baseUrl: string;
  readonly ribbonEnv: string | undefined;
  readonly logLevel: LogLevel;
  readonly webDist: string;
  /** Load the demo accounts and data on an empty database; undefined = only for the embedded one. */
  readonly seedDemo: boolean | undefined;
  /** The portal directory that `/api/portail_user/sync` reconciles users with: a file path or URL. */
  readonly portalDirectory: string;
  /** Largest JSON or text request body, in bytes. */
  readonly bodyLimit: number;
  /** Trust X-Forwarded-For from this many proxies (0 = none), so per-address limits see the real client. */
  readonly trustProxyHops: number;
  readonly signInLimitPerIp: RateLimit;
  /** Failed sign-ins per login from one address. */
  readonly signInLimitPerLogin: RateLimit;
  /** Failed sign-ins per login from all addresses together: a high ceiling. */
  readonly signInCeilingPerLogin: RateLimit;
  /** Registrations and reset requests per IP (each sends a mail). */
  readonly accountMailLimitPerIp: RateLimit;
  /** Spring-like profiles reported by /api/profile-info (`prod`, `swagger`, `dev`). */
  readonly activeProfiles: readonly string[];
  readonly afterSales: AfterSalesConfig;
  /** When the alert digest goes out (server/src/alerts/job.ts). */
  readonly alertDigest: AlertDigestConfig;
  /** After SIGTERM/SIGINT, how long in-flight requests may run before the process exits anyway. */
  readonly shutdownTimeoutSeconds: number;
  /** API requests served at once on the embedded database, and how many may wait how long (http/embedded-admission.ts). */
  readonly embeddedAdmission: {
    readonly maxActive: number;
    readonly maxQueued: number;
    readonly maxWaitMs: number;
  };
  /** Months after its due month before an expected commission not paid is an anomaly (ANOMALY_UNPAID_MONTHS). */
  readonly anomalyUnpaidMonths: number;
  /** Single sign-on through an OpenID Connect provider; undefined when OIDC_ISSUER is unset. */
  readonly oidc: OidcConfig | undefined;
  /** Retention periods and the read budget (personal-data/config.ts). */
  readonly personalData: PersonalDataConfig;
  /** Webhook deliveries (server/src/webhooks). */
  readonly webhooks: WebhooksConfig;
  /**
   * The key TOTP secrets are encrypted with (TOTP_ENCRYPTION_KEY), else (embedded database only)
   * one generated into DATA_DIR/totp-key. Undefined when DATABASE_URL is set without it: the
   * servers then share one generated into the database (identity/totp-keys.ts).
   */
  readonly totpKey: string | undefined;
  /** Keys still accepted to read secrets during a rotation (TOTP_ENCRYPTION_PREVIOUS_KEYS). */
  readonly totpPreviousKeys: readonly string[];
}

/** The OpenID Connect provider (docs/security.md "Identity: single sign-on"). */
export interface OidcConfig {
  /** `OIDC_ISSUER`: the provider's issuer identifier; its discovery document is read from it. */
  readonly issuer: string;
  readonly clientId: string;
  /** `OIDC_CLIENT_SECRET`; without it the server is a public client (PKCE alone). */
  readonly clientSecret: string | undefined;
  /** Registered at the provider: `OIDC_REDIRECT_URI`, else `BASE_URL/api/oidc/callback`. */
  readonly redirectUri: string;
  /** `OIDC_CREATE_USERS`: an unknown user gets an account (role ROLE_USER only); false by default. */
  readonly createUsers: boolean;
  /** `OIDC_DISPLAY_NAME`: the provider's name on the sign-in button. */
  readonly displayName: string;
  /** `OIDC_SCOPES`: asked of the provider; `openid` is always among them. */
  readonly scopes: string;
}

/** Messages to after-sales (server/src/messages). */
export interface AfterSalesConfig {
  /** `AFTER_SALES_ADDRESSES`: brand → address, laid over the demo table (`*` for any other brand). */
  readonly addresses: Readonly<Record<string, string>>;
  /** How often messages kept while the mail server was down are sent again. */
  readonly retrySeconds: number;
  /** Messages one user may send an hour. */
  readonly limitPerHour: number;
}

/** Webhook deliveries (docs/integrations.md "Webhooks"). */
export interface WebhooksConfig {
  /** WEBHOOK_ALLOW_PRIVATE: addresses on private, loopback or link-local ranges (and plain http) are accepted. */
  readonly allowPrivate: boolean;
  /** WEBHOOK_RETRY_SECONDS: how often due deliveries are sent, and the first wait after a failure (doubled each time). */
  readonly retrySeconds: number;
  /** WEBHOOK_MAX_ATTEMPTS: attempts at one delivery before it is marked failed. */
  readonly maxAttempts: number;
  /** WEBHOOK_DISABLE_AFTER: consecutive failed attempts after which an endpoint is switched off. */
  readonly disableAfter: number;
  /** WEBHOOK_TIMEOUT_SECONDS: how long a receiver may take to answer. */
  readonly timeoutSeconds: number;
}

/** The alert digest's schedule (docs/insight.md "Alerts"). */
export interface AlertDigestConfig {
  /** ALERT_DIGEST_HOUR: the hour of the daily digest, server local time (TZ). */
  readonly hour: number;
  /** ALERT_DIGEST_INTERVAL_SECONDS: a digest every this many seconds instead of daily. */
  readonly intervalSeconds: number | undefined;
}

/** The repository root (two levels above this file's folder). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ROOT = join(REPO_ROOT, 'server');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/**
 * ANOMALY_UNPAID_MONTHS, 0 to 24, or undefined when unset. Read at start (a wrong value stops the
 * server) and again by the anomaly refresh, which imports run outside the server too.
 */
export function unpaidMonthsOf(env: Env): number | undefined {
  return text(env, 'ANOMALY_UNPAID_MONTHS') === undefined
    ? undefined
    : integer(env, 'ANOMALY_UNPAID_MONTHS', 0, 0, 24);
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${redactUrl(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Plain HTTP is accepted for a provider on this machine only (tests, a local directory). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function oidcConfig(env: Env, baseUrl: string): OidcConfig | undefined {
  const issuer = url(env, 'OIDC_ISSUER', ['http:', 'https:']);
  const clientId = text(env, 'OIDC_CLIENT_ID');
  if (issuer === undefined) {
    const stray = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'].find((n) => text(env, n));
    if (stray) throw new ConfigError(`${stray} needs OIDC_ISSUER: the provider it belongs to`);
    return undefined;
  }
  if (clientId === undefined) throw new ConfigError('OIDC_ISSUER needs OIDC_CLIENT_ID');
  const insecure = (raw: string) => {
    const parsed = new URL(raw);
    return parsed.protocol === 'http:' && !LOOPBACK_HOSTS.has(parsed.hostname);
  };
  if (insecure(issuer)) throw new ConfigError('OIDC_ISSUER must use https (http only on localhost)');
  const redirectUri = url(env, 'OIDC_REDIRECT_URI', ['http:', 'https:']) ?? `${baseUrl}/api/oidc/callback`;
  const scopes = (text(env, 'OIDC_SCOPES') ?? 'openid profile email').split(/\s+/);
  if (!scopes.every((s) => /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))) {
    throw new ConfigError('OIDC_SCOPES must be scope names separated by spaces');
  }
  const displayName = text(env, 'OIDC_DISPLAY_NAME') ?? 'SSO';
  if (displayName.length > 40) throw new ConfigError('OIDC_DISPLAY_NAME must be at most 40 characters');
  return {
    issuer,
    clientId,
    clientSecret: text(env, 'OIDC_CLIENT_SECRET'),
    redirectUri,
    createUsers: bool(env, 'OIDC_CREATE_USERS') ?? false,
    displayName,
    scopes: [...new Set(['openid', ...scopes])].join(' '),
  };
}

export function bool(env: Env, name: string): boolean | undefined {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

const MAILBOX = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** `brand=address;…` (`;`-separated, spaces around either side ignored). */
function brandAddresses(env: Env, name: string): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const entry of (text(env, name) ?? '')
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const brand = at > 0 ? entry.slice(0, at).trim() : '';
    const address = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!brand || !MAILBOX.test(address)) {
      throw new ConfigError(`${name} must be "brand=address;…" with e-mail addresses, got "${entry}"`);
    }
    addresses[brand] = address;
  }
  return addresses;
}

/** Hides the password of a URL before it is printed. */
export function redactUrl(raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}

/**
 * The JWT signing secret of the embedded database's one process: one generated at first start
 * and kept in the data folder (mode 0600), so tokens survive restarts and no secret lives in
 * the code. Never used with PostgreSQL, whose instances share one stored in the database.
 */
export function loadOrCreateJwtSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) checkWritableFolder(dataDir);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(64).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export interface LoadOptions {
  /** Folder relative paths are resolved against (npm's INIT_CWD, else the process folder). */
  readonly cwd?: string;
}

/** DATABASE_READ_MAX_LAG_SECONDS when unset. */
export const DEFAULT_MAX_LAG_SECONDS = 5;

/** Reads and validates the configuration; throws ConfigError naming the bad variable. */
export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Config {
  const cwd = options.cwd ?? env.INIT_CWD ?? process.cwd();
  const path = (value: string, base: string) => (isAbsolute(value) ? value : resolve(base, value));
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = path(text(env, 'DATA_DIR') ?? './data', cwd);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseReadUrl = url(env, 'DATABASE_READ_URL', ['postgres:', 'postgresql:']);
  if (databaseReadUrl && !databaseUrl) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: a replica reads for a PostgreSQL primary');
  }
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const baseUrl = (url(env, 'BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port || 8080}`).replace(
    /\/+$/,
    '',
  );
  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  const totpKey = text(env, 'TOTP_ENCRYPTION_KEY');
  const keyShape = /^\S{32,}$/;
  if (totpKey !== undefined && !keyShape.test(totpKey)) {
    throw new ConfigError('TOTP_ENCRYPTION_KEY must be at least 32 characters, without spaces');
  }
  const totpPreviousKeys = (text(env, 'TOTP_ENCRYPTION_PREVIOUS_KEYS') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (totpPreviousKeys.some((k) => !keyShape.test(k))) {
    throw new ConfigError(
      'TOTP_ENCRYPTION_PREVIOUS_KEYS must be keys of at least 32 characters without spaces, separated by commas',
    );
  }
  const prometheusToken = text(env, 'PROMETHEUS_TOKEN');
  if (prometheusToken !== undefined && !/^[A-Za-z0-9._~+/=-]{32,}$/.test(prometheusToken)) {
    throw new ConfigError('PROMETHEUS_TOKEN must be at least 32 characters, without spaces');
  }
  const mailFrom = text(env, 'MAIL_FROM') ?? 'extranet@localhost';
  if (!/^[^\s@]+@[^\s@]+$|<[^\s@]+@[^\s@]+>$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, got "${mailFrom}"`);
  }
  const profiles = (text(env, 'PROFILES') ?? (env.NODE_ENV === 'production' ? 'prod' : 'dev'))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseReadUrl,
    databaseReadMaxLagSeconds: integer(
      env,
      'DATABASE_READ_MAX_LAG_SECONDS',
      DEFAULT_MAX_LAG_SECONDS,
      1,
      3600,
    ),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    pgliteDir: join(dataDir, 'pglite'),
    embeddedWorker: bool(env, 'EMBEDDED_WORKER') ?? true,
    jwtSecret: jwtSecret ?? (databaseUrl ? undefined : loadOrCreateJwtSecret(dataDir)),
    prometheusToken,
    tokenValiditySeconds: 86_400,
    tokenValidityRememberMeSeconds: 2_592_000,
    smtpUrl,
    mailFrom,
    baseUrl,
    ribbonEnv: text(env, 'RIBBON_ENV'),
    logLevel: logLevel as LogLevel,
    webDist: path(text(env, 'WEB_DIST') ?? 'web/dist', REPO_ROOT),
    seedDemo: bool(env, 'SEED_DEMO'),
    portalDirectory: text(env, 'PORTAL_DIRECTORY') ?? join(SERVER_ROOT, 'demo', 'portal-directory.json'),
    bodyLimit: integer(env, 'BODY_LIMIT', 64 * 1024, 1024, 100 * 1024 * 1024),
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    signInLimitPerIp: { max: integer(env, 'SIGNIN_LIMIT_PER_IP', 30, 1, 1_000_000), windowMs: 60_000 },
    signInLimitPerLogin: {
      max: integer(env, 'SIGNIN_LIMIT_PER_LOGIN', 10, 1, 1_000_000),
      windowMs: 15 * 60_000,
    },
    signInCeilingPerLogin: {
      max: integer(env, 'SIGNIN_CEILING_PER_LOGIN', 500, 1, 1_000_000),
      windowMs: 15 * 60_000,
    },
    accountMailLimitPerIp: {
      max: integer(env, 'ACCOUNT_MAIL_LIMIT_PER_IP', 20, 1, 1_000_000),
      windowMs: 15 * 60_000,
    },
    activeProfiles: profiles,
    afterSales: {
      addresses: brandAddresses(env, 'AFTER_SALES_ADDRESSES'),
      retrySeconds: integer(env, 'AFTER_SALES_RETRY_SECONDS', 300, 1, 86_400),
      limitPerHour: integer(env, 'AFTER_SALES_LIMIT_PER_HOUR', 30, 1, 100_000),
    },
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 3600),
    embeddedAdmission: {
      maxActive: integer(env, 'EMBEDDED_MAX_ACTIVE_REQUESTS', 4, 1, 1000),
      maxQueued: integer(env, 'EMBEDDED_MAX_QUEUED_REQUESTS', 64, 0, 100_000),
      maxWaitMs: integer(env, 'EMBEDDED_MAX_QUEUE_WAIT_MS', 3000, 1, 600_000),
    },
    anomalyUnpaidMonths: unpaidMonthsOf(env) ?? DEFAULT_UNPAID_MONTHS,
    alertDigest: {
      hour: integer(env, 'ALERT_DIGEST_HOUR', 7, 0, 23),
      intervalSeconds:
        text(env, 'ALERT_DIGEST_INTERVAL_SECONDS') === undefined
          ? undefined
          : integer(env, 'ALERT_DIGEST_INTERVAL_SECONDS', 86_400, 1, 604_800),
    },
    oidc: oidcConfig(env, baseUrl),
    personalData: personalDataConfig(env),
    webhooks: {
      allowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE') ?? false,
      retrySeconds: integer(env, 'WEBHOOK_RETRY_SECONDS', 30, 0, 86_400),
      maxAttempts: integer(env, 'WEBHOOK_MAX_ATTEMPTS', 8, 1, 100),
      disableAfter: integer(env, 'WEBHOOK_DISABLE_AFTER', WEBHOOK_DISABLE_AFTER, 1, 1000),
      timeoutSeconds: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 120),
    },
    totpKey: totpKey ?? (databaseUrl ? undefined : loadOrCreateJwtSecret(dataDir, 'totp-key')),
    totpPreviousKeys,
  };
}
