import { defaultCarriers } from '@haat/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/store.db',
      dataDir: './data',
      jwtSecret: undefined,
      jwtTtlSeconds: 8 * 3600,
      seedDemo: true,
      logLevel: 'info',
      loginRateLimit: 10,
      loginAddressRateLimit: 30,
      unpagedListLimit: 10_000,
      listCountBound: 10_000,
      listAnswerCacheMb: 48,
      contactRateLimit: 5,
      trustProxy: false,
      hsts: false,
      serveSourceMaps: false,
      storeTimeZone: 'UTC',
      checkoutRateLimit: 30,
      lowStockThreshold: 5,
      cleanupIntervalMinutes: 60,
      jobPollMs: 2000,
      jobLeaseMs: 120_000,
      jobRetryDelayMs: 10_000,
      jobMaxAttempts: 3,
      earningsReleaseMinutes: 1,
      notificationRetentionDays: 90,
      checkoutKeyRetentionDays: 7,
      uploadGraceHours: 24,
      sqliteMmapMb: 2047,
      payoutHoldDays: 7,
      payoutMinimumPaise: 10_000,
      payoutBankChangeHoldHours: 24,
      vendorUploadLimitBytes: 200 * 1024 * 1024,
      shipByHours: 48,
      shipmentCarriers: [...defaultCarriers],
      smtpUrl: undefined,
      mailFrom: 'Haat <no-reply@localhost>',
      storeName: 'Haat',
      publicUrl: 'http://localhost:3000',
      mailPollMs: 5000,
      mailRetryDelayMs: 30_000,
      mailMaxAttempts: 5,
      mailLeaseMs: 120_000,
      passwordResetRateLimit: 5,
      twoFactorRateLimit: 5,
    });
  });

  it('reads the ship-by hours and the couriers (issue 34)', () => {
    const config = loadConfig({ SHIP_BY_HOURS: '24', SHIPMENT_CARRIERS: ' Delhivery , Blue Dart,, ' });
    expect(config.shipByHours).toBe(24);
    expect(config.shipmentCarriers).toEqual(['Delhivery', 'Blue Dart']);
    expect(() => loadConfig({ SHIP_BY_HOURS: '0' })).toThrow(/SHIP_BY_HOURS/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/haat',
      DATA_DIR: '/var/lib/haat',
      JWT_SECRET: 'x'.repeat(40),
      JWT_TTL: '30m',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'debug',
      LOGIN_RATE_LIMIT: '5',
      LOGIN_ADDRESS_RATE_LIMIT: '12',
      UNPAGED_LIST_LIMIT: '500',
      LIST_ANSWER_CACHE_MB: '0',
      CONTACT_RATE_LIMIT: '7',
      TRUST_PROXY: 'true',
      HSTS: 'true',
      SERVE_SOURCE_MAPS: 'true',
      SQLITE_MMAP_MB: '0',
      PAYOUT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM: '250.50',
      PAYOUT_BANK_CHANGE_HOLD_HOURS: '48',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/haat',
      dataDir: '/var/lib/haat',
      jwtTtlSeconds: 1800,
      seedDemo: false,
      logLevel: 'debug',
      loginRateLimit: 5,
      loginAddressRateLimit: 12,
      unpagedListLimit: 500,
      listAnswerCacheMb: 0,
      contactRateLimit: 7,
      trustProxy: true,
      hsts: true,
      serveSourceMaps: true,
      sqliteMmapMb: 0,
      payoutHoldDays: 0,
      payoutMinimumPaise: 25_050,
      payoutBankChangeHoldHours: 48,
    });
  });

  it.each([
    ['8h', 28_800],
    ['2d', 172_800],
    ['3600', 3600],
    ['90s', 90],
  ])('reads JWT_TTL %s as %i seconds', (ttl, seconds) => {
    expect(loadConfig({ JWT_TTL: ttl }).jwtTtlSeconds).toBe(seconds);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', JWT_SECRET: '' })).toMatchObject({ port: 3000, jwtSecret: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/haat' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL'],
    [{ JWT_TTL: '10s' }, 'JWT_TTL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOGIN_RATE_LIMIT: '0' }, 'LOGIN_RATE_LIMIT'],
    [{ LIST_ANSWER_CACHE_MB: '-1' }, 'LIST_ANSWER_CACHE_MB'],
    [{ LIST_ANSWER_CACHE_MB: '0.5' }, 'LIST_ANSWER_CACHE_MB'],
    [{ SQLITE_MMAP_MB: '4096' }, 'SQLITE_MMAP_MB'],
    [{ SQLITE_MMAP_MB: '-1' }, 'SQLITE_MMAP_MB'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });
});
