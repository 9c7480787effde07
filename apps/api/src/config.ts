import { isIP } from 'node:net';
import path from 'node:path';
import { LOGIN_RATE_LIMIT, type LoginRateLimit, passwordField } from '@stockyard/shared';
import { z } from 'zod';

/** The server's time zone as last read, and the TZ it was read under. */
let zone: { tz: string | undefined; name: string } | undefined;

/**
 * The IANA name of the server's time zone (its TZ, or the system's): the calendar its days, weeks,
 * months and years follow, the dashboard's and PostgreSQL's (db/client.ts names it on each
 * connection). Read again only when TZ changes: making the formatter that tells it cost more than
 * a dashboard's statements.
 */
export function serverTimeZone(): string {
  if (zone?.tz !== process.env.TZ || zone === undefined) {
    zone = { tz: process.env.TZ, name: Intl.DateTimeFormat().resolvedOptions().timeZone };
  }
  return zone.name;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range, or one of proxy-addr's names, as Fastify's trustProxy accepts them. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined || !/^\d{1,3}$/.test(prefix ?? '')) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `true`, `false`, or a comma-separated list of proxy addresses and ranges. Fastify 5 no longer
 * honours a hop count (it cannot check the nearest peer's address), so one is refused, not ignored.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): boolean | string[] {
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'false') return value === 'true';
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: /^\d+$/.test(value)
      ? 'a hop count is not supported: name the proxy addresses or CIDR ranges instead'
      : 'must be true, false, or a comma-separated list of addresses or CIDR ranges',
  });
  return z.NEVER;
}

const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_EMAIL: z.email().default('admin@stockyard.local'),
  // The one password policy's structure; the common-password list is checked at start.
  ADMIN_PASSWORD: passwordField.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** The web app's origin when it is served from elsewhere (development); the socket handshake checks it. */
  WEB_ORIGIN: z.url().optional(),
  /** The OpenAPI document and its UI without signing in (they need a session otherwise). */
  API_DOCS_PUBLIC: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Which proxies' X-Forwarded-For names the client (Fastify's trustProxy); none by default. */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** The SMTP server that e-mail goes through (decision 013); unset: no e-mail is sent. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of that e-mail. */
  MAIL_FROM: z.string().min(3).default('Stockyard <no-reply@stockyard.local>'),
  /** The app's address as its users reach it, which e-mails link to; unset: http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, 'must be an http:// or https:// address')
    .optional(),
  /** Sign-in throttling (docs/decisions/008-sign-in-throttling.md); defaults in LOGIN_RATE_LIMIT. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: limit(LOGIN_RATE_LIMIT.perAccountAndAddress),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: limit(LOGIN_RATE_LIMIT.perAccount),
  LOGIN_MAX_FAILURES_PER_ADDRESS: limit(LOGIN_RATE_LIMIT.perAddress),
  LOGIN_WINDOW_SECONDS: limit(LOGIN_RATE_LIMIT.windowSeconds),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & { DATA_DIR: string };

export class ConfigError extends Error {}

/** Reads the environment once; a wrong value stops the start with a message that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

/** The app's address as its users reach it: PUBLIC_URL, or this machine at PORT. */
export function publicUrlOf(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** The sign-in throttling limits the LOGIN_* variables set. */
export function loginLimits(config: Config): LoginRateLimit {
  return {
    ...LOGIN_RATE_LIMIT,
    perAccountAndAddress: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
  };
}
