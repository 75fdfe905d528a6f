import { DEFAULT_SHIP_BY_HOURS, defaultCarriers, LIST_COUNT_BOUND, toPaise } from '@haat/contract';
import { z } from 'zod';

/**
 * The server's configuration, read from the environment once at start-up.
 * Nothing else reads `process.env`. A bad value stops start-up with a message
 * naming the variable (issue 2, item 2).
 */

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), 'must be true or false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `8h`, `30m`, `45s`, `2d` or plain seconds → seconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+\s*[smhd]?$/, 'must be a duration such as 8h, 30m or 3600')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.at(-1);
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86_400 : 1;
    return amount * factor;
  })
  .refine((seconds) => seconds >= 60 && seconds <= 30 * 86_400, 'must be between 1 minute and 30 days');

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => value.startsWith('sqlite:') || value.startsWith('postgres://') || value.startsWith('postgresql://'),
    'must start with sqlite: (e.g. sqlite:./data/store.db) or postgres://',
  );

/** The most of a SQLite store better-sqlite3's build reads through a memory map: just under 2 GiB. */
const SQLITE_MMAP_MAX_MB = 2047;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: databaseUrl.default('sqlite:./data/store.db'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: duration.default(8 * 3600),
  SEED_DEMO: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  UNPAGED_LIST_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  LIST_COUNT_BOUND: z.coerce.number().int().min(1).max(1_000_000).default(LIST_COUNT_BOUND),
  LIST_ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(48),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  TRUST_PROXY: booleanText.default(false),
  HSTS: booleanText.default(false),
  SERVE_SOURCE_MAPS: booleanText.default(false),
  STORE_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone such as UTC or Asia/Kolkata')
    .default('UTC'),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
  CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  JOB_POLL_MS: z.coerce.number().int().min(20).max(600_000).default(2000),
  JOB_LEASE_MS: z.coerce.number().int().min(50).max(3_600_000).default(120_000),
  JOB_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
  EARNINGS_RELEASE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(1),
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
  CHECKOUT_KEY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(7),
  UPLOAD_GRACE_HOURS: z.coerce.number().int().min(1).max(876_000).default(24),
  SQLITE_MMAP_MB: z.coerce.number().int().min(0).max(SQLITE_MMAP_MAX_MB).default(SQLITE_MMAP_MAX_MB),
  PAYOUT_HOLD_DAYS: z.coerce.number().min(0).max(365).default(7),
  PAYOUT_MINIMUM: z.coerce.number().min(0).max(100_000_000).default(100),
  PAYOUT_BANK_CHANGE_HOLD_HOURS: z.coerce.number().min(0).max(8_760).default(24),
  VENDOR_UPLOAD_LIMIT_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  SHIP_BY_HOURS: z.coerce.number().int().min(1).max(8_760).default(DEFAULT_SHIP_BY_HOURS),
  SHIPMENT_CARRIERS: z
    .string()
    .max(2_000)
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && name.length <= 60),
    )
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default('Haat <no-reply@localhost>'),
  STORE_NAME: z.string().trim().min(1).max(100).default('Haat'),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^\s]+$/.test(value), 'must be an http(s) address')
    .optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  MAIL_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  TWO_FACTOR_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The parsed configuration. `jwtTtlSeconds` in seconds. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Where the embedded database, the generated JWT secret and uploads live. */
  dataDir: string;
  /** Unset: generated once and kept in `dataDir` (see `platform/auth/jwt-secret.ts`). */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Sign-in attempts allowed per minute for one IP address and e-mail. */
  loginRateLimit: number;
  /**
   * Sign-in attempts allowed per 10 minutes from one IP address, whatever the e-mail
   * (one address trying many e-mails; issue 11).
   */
  loginAddressRateLimit: number;
  /**
   * The most rows an unpaged list answers; past it the list answers 400 asking for
   * `limit` (docs/decisions/0025-unpaged-lists-are-bounded.md).
   */
  unpagedListLimit: number;
  /**
   * How far the product and order lists count a page's total exactly; past it they
   * answer '10,000+' (`totalRelation: 'gte'`, docs/decisions/0027).
   */
  listCountBound: number;
  /**
   * The most megabytes of product list answers (the storefront's and the staff's, one
   * budget) one process keeps for repeats; 0 keeps none (docs/decisions/0026, 0033).
   */
  listAnswerCacheMb: number;
  /** Contact messages allowed per 10 minutes from one IP address (`POST /api/contacts`). */
  contactRateLimit: number;
  trustProxy: boolean;
  /** Send `Strict-Transport-Security` (only behind TLS: browsers then refuse plain HTTP for a year). */
  hsts: boolean;
  /** Serve the web app's `.map` files; off by default, so the public cannot read the sources. */
  serveSourceMaps: boolean;
  /** The store's IANA time zone: coupon dates are calendar days there (default UTC). */
  storeTimeZone: string;
  /** Checkouts and coupon checks allowed per minute from one IP address. */
  checkoutRateLimit: number;
  /** Stock at or below this is low: falling to it notifies admins and the vendor (issue 10). */
  lowStockThreshold: number;
  /** Minutes between two clean-up rounds, one process cleaning each; 0 never cleans (decisions 0091, 0116). */
  cleanupIntervalMinutes: number;
  /** How often an idle job runner looks for waiting jobs, ms (decision 0110). */
  jobPollMs: number;
  /** A running job whose heartbeat is older than this lost its process; its lease ends, ms (decision 0116). */
  jobLeaseMs: number;
  /** The first retry's delay after a job failed or its process died, ms; doubled for each attempt (decision 0116). */
  jobRetryDelayMs: number;
  /** Attempts a job gets before it is marked failed (decision 0116). */
  jobMaxAttempts: number;
  /** Minutes between two rounds releasing held earnings that matured (decision 0116). */
  earningsReleaseMinutes: number;
  /** Notifications older than this many days are deleted. */
  notificationRetentionDays: number;
  /** Checkout idempotency keys older than this many days are deleted. */
  checkoutKeyRetentionDays: number;
  /** Uploaded images no record points at are deleted once untouched this many hours. */
  uploadGraceHours: number;
  /**
   * MiB of the SQLite store read through a memory map (`mmap_size`), the rest through
   * SQLite's page cache; 0 maps none (docs/decisions/0095). Ignored on PostgreSQL.
   */
  sqliteMmapMb: number;
  /** Days after delivery before vendors' earnings on an order can be paid out (issue 25). */
  payoutHoldDays: number;
  /** "Pay all" pays vendors whose available balance is at least this (paise; `PAYOUT_MINIMUM` in rupees). */
  payoutMinimumPaise: number;
  /** Hours a change of bank details holds that vendor's payouts. */
  payoutBankChangeHoldHours: number;
  /** Bytes of images one vendor may keep uploaded (`VENDOR_UPLOAD_LIMIT_MB`; issue 27). */
  vendorUploadLimitBytes: number;
  /** Hours from an order's placement to its shipments' ship-by time (`SHIP_BY_HOURS`; issue 34). */
  shipByHours: number;
  /** The couriers the carrier field offers (`SHIPMENT_CARRIERS`, names separated by commas; issue 34). */
  shipmentCarriers: readonly string[];
  /** Where mail goes (`smtp://user:pass@host:587`); unset: mail stays in the outbox (issue 36). */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** The store's name in mails and the two-factor app. */
  storeName: string;
  /** The back office's address, for links in mails (default `http://localhost:PORT`). */
  publicUrl: string;
  /** How often the mail task looks for mail to deliver, ms; 0: only when woken (decision 0125). */
  mailPollMs: number;
  /** A failed delivery's first retry delay, ms, doubled per attempt (capped at an hour). */
  mailRetryDelayMs: number;
  /** Deliveries a mail the server refuses (5xx) gets before it is marked failed. */
  mailMaxAttempts: number;
  /** A mail being sent whose process died is due again after this, ms. */
  mailLeaseMs: number;
  /** Password reset requests allowed per 10 minutes for one IP address, and for one e-mail. */
  passwordResetRateLimit: number;
  /** Wrong two-factor codes allowed per 10 minutes for one account. */
  twoFactorRateLimit: number;
}

/** Raised when an environment variable has a bad value; the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment. Empty strings count as unset.
 * @throws ConfigError naming each bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginAddressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT,
    unpagedListLimit: e.UNPAGED_LIST_LIMIT,
    listCountBound: e.LIST_COUNT_BOUND,
    listAnswerCacheMb: e.LIST_ANSWER_CACHE_MB,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    storeTimeZone: e.STORE_TIME_ZONE,
    checkoutRateLimit: e.CHECKOUT_RATE_LIMIT,
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    cleanupIntervalMinutes: e.CLEANUP_INTERVAL_MINUTES,
    jobPollMs: e.JOB_POLL_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    jobRetryDelayMs: e.JOB_RETRY_DELAY_MS,
    jobMaxAttempts: e.JOB_MAX_ATTEMPTS,
    earningsReleaseMinutes: e.EARNINGS_RELEASE_MINUTES,
    notificationRetentionDays: e.NOTIFICATION_RETENTION_DAYS,
    checkoutKeyRetentionDays: e.CHECKOUT_KEY_RETENTION_DAYS,
    uploadGraceHours: e.UPLOAD_GRACE_HOURS,
    sqliteMmapMb: e.SQLITE_MMAP_MB,
    payoutHoldDays: e.PAYOUT_HOLD_DAYS,
    payoutMinimumPaise: toPaise(e.PAYOUT_MINIMUM),
    payoutBankChangeHoldHours: e.PAYOUT_BANK_CHANGE_HOLD_HOURS,
    vendorUploadLimitBytes: e.VENDOR_UPLOAD_LIMIT_MB * 1024 * 1024,
    shipByHours: e.SHIP_BY_HOURS,
    shipmentCarriers: e.SHIPMENT_CARRIERS?.length ? e.SHIPMENT_CARRIERS : [...defaultCarriers],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    storeName: e.STORE_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mailPollMs: e.MAIL_POLL_MS,
    mailRetryDelayMs: e.MAIL_RETRY_DELAY_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailLeaseMs: e.MAIL_LEASE_MS,
    passwordResetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    twoFactorRateLimit: e.TWO_FACTOR_RATE_LIMIT,
  };
}
