import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(8080),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    SEED_ADMIN_PASSWORD: z.string().min(1).optional(),
    SEED_DEMO_DATA: booleanFromEnv.optional(),
    SIMULATE: booleanFromEnv.optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    COOKIE_SECURE: booleanFromEnv.optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    LOGIN_BACKOFF_SECONDS: z.coerce.number().positive().max(3600).default(30),
    CLIENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    WEB_DIST_DIR: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Vayu <no-reply@vayu.local>'),
    MQTT_URL: z
      .string()
      .regex(/^(mqtts?|wss?|tcp):\/\//, 'must start with mqtt://, mqtts://, ws://, wss:// or tcp://')
      .optional(),
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
      .default('vayu-api'),
    JOB_CONCURRENCY: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 64')
      .max(64, 'must be between 0 and 64')
      .default(4),
    ROLLUP_INTERVAL_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .max(600_000, 'must be at most 600000')
      .default(2000),
    JOB_POLL_INTERVAL_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(600_000, 'must be at most 600000')
      .default(2000),
    SECRETS_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a 256-bit key)')
      .optional(),
    PUBLIC_URL: z.url('must be a URL such as https://console.example.com').optional(),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .default(1000),
    MAX_POOL_WAITING: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .default(500),
  })
  .superRefine((env, ctx) => {
    if ((env.SEED_ADMIN_EMAIL === undefined) !== (env.SEED_ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SEED_ADMIN_EMAIL === undefined ? 'SEED_ADMIN_EMAIL' : 'SEED_ADMIN_PASSWORD'],
        message: 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  seedAdmin: { email: string; password: string } | undefined;
  seedDemoData: boolean;
  /**
   * Send live readings for the demo industries' devices through `/api/ingest`
   * (modules/telemetry/simulator.ts). Defaults to on in development with demo
   * data, off in tests and production.
   */
  simulate: boolean;
  sessionTtlMs: number;
  /** How long a process reuses a session it looked up (0: every request reads it). */
  sessionCacheMs: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  bodyLimitBytes: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  /** The first wait after the free sign-in attempts of a window; it doubles with each attempt after (up to the window). */
  loginBackoffMs: number;
  /** Requests one client address may make per minute to each endpoint open to anyone (sign-in, password links). */
  clientRateLimitPerMinute: number;
  shutdownTimeoutMs: number;
  webDistDir: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The MQTT broker readings are also taken from (`vayu/{tenantId}/{deviceId}/readings`); unset: HTTP only. */
  mqttUrl: string | undefined;
  /** The shared subscription's group: API processes of one console share it, so each message is stored once. */
  mqttShareGroup: string;
  /** Background jobs this process runs at once; 0 runs none (another process does). */
  jobConcurrency: number;
  /** How often this process rolls new readings up into 15-minute slots; 0: never (another process does). */
  rollupIntervalMs: number;
  /** Longest wait before the worker looks for due jobs it was not told about. */
  jobPollIntervalMs: number;
  /**
   * The key secrets stored in the database are encrypted with (camera auth
   * tokens, a board's private keys): 64 hex characters. Unset, a key kept in
   * DATA_DIR is made on first use — every replica must then share DATA_DIR, so
   * production sets it.
   */
  secretsKey: string | undefined;
  /** Base of links in e-mails; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Uploaded files (logos, documents). */
  filesDir: string;
  /** Requests are answered 503 while the event loop lags more than this (0: never). */
  maxEventLoopDelayMs: number;
  /** … or while more requests than this wait for a database connection (0: never). */
  maxPoolWaiting: number;
  /** How often both are measured. */
  pressureSampleMs: number;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once, at start. Empty values count as unset. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.') || 'environment';
        const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
        const shown =
          value === undefined || /PASSWORD|DATABASE_URL|SMTP_URL|MQTT_URL|SECRETS_KEY/.test(key)
            ? ''
            : ` (got "${value}")`;
        return `${key} ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    seedAdmin:
      e.SEED_ADMIN_EMAIL && e.SEED_ADMIN_PASSWORD
        ? { email: e.SEED_ADMIN_EMAIL.toLowerCase(), password: e.SEED_ADMIN_PASSWORD }
        : undefined,
    seedDemoData: e.SEED_DEMO_DATA ?? true,
    simulate: e.SIMULATE ?? (e.NODE_ENV === 'development' && (e.SEED_DEMO_DATA ?? true)),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginBackoffMs: e.LOGIN_BACKOFF_SECONDS * 1000,
    clientRateLimitPerMinute: e.CLIENT_RATE_LIMIT_PER_MINUTE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mqttUrl: e.MQTT_URL,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobPollIntervalMs: e.JOB_POLL_INTERVAL_MS,
    rollupIntervalMs: e.ROLLUP_INTERVAL_MS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    maxPoolWaiting: e.MAX_POOL_WAITING,
    pressureSampleMs: 1000,
    secretsKey: e.SECRETS_KEY?.toLowerCase(),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    filesDir: resolve(e.DATA_DIR, 'files'),
  };
}
