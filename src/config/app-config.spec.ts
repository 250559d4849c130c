import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './app-config';
import { DEVELOPMENT_PLACEHOLDERS } from './env-definitions';

const strong = () => randomBytes(48).toString('base64');
const key = () => `k1:${randomBytes(32).toString('base64')}`;

function production(overrides: Record<string, string>) {
  return () =>
    loadConfig({ NODE_ENV: 'production', JWT_ACCESS_SECRET: strong(), JWT_REFRESH_SECRET: strong(), ENCRYPTION_KEYS: key(), ...overrides });
}

describe('configuration defaults', () => {
  it('is production when NODE_ENV is unset, and so refuses the committed placeholders', () => {
    expect(() => loadConfig({})).toThrow(/^Invalid environment variable JWT_ACCESS_SECRET: equals the development placeholder/);
    expect(production({})().env).toBe('production');
  });

  it('starts in development with nothing else set, with the spec defaults', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.env).toBe('development');
    expect(config.role).toBe('all');
    expect(config.http.port).toBe(3000);
    expect(config.auth.accessTtlSec).toBe(15 * 60);
    expect(config.auth.refreshTtlSec).toBe(30 * 86400);
    expect(config.auth.maxFailedAttempts).toBe(10);
    expect(config.auth.lockoutMs).toBe(900000);
    expect(config.throttle.groups).toEqual({
      general: { limit: 300, ttlMs: 60000 },
      auth: { limit: 5, ttlMs: 900000 },
      refresh: { limit: 60, ttlMs: 60000 },
      llm: { limit: 30, ttlMs: 3600000 },
      publicImages: { limit: 600, ttlMs: 60000 },
    });
    expect(config.throttle.enabled).toBe(true);
    expect(config.abTests.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.http.trustProxyHops).toBe(1);
    expect(config.database.statementTimeoutMs).toBe(30000);
    expect(config.reports.maxPeriodDays).toBe(366);
    expect(config.marketplace).toEqual({
      timeoutMs: 10000,
      retryAttempts: 3,
      retryBaseMs: 500,
      rateLimitMaxWaitMs: 30000,
      rateTimeScale: 1,
      maxBodyBytes: 64 * 1024 * 1024,
      maxStreamBytes: 256 * 1024 * 1024,
      streamTimeoutMs: 300000,
      useSandbox: false,
      baseUrl: null,
      scopeUrls: {},
      sellerSiteUrl: 'https://seller.wildberries.ru',
      photoOrigins: ['https://*.wbbasket.ru'],
    });
    expect(config.queues).toEqual({
      syncConcurrency: 5,
      schedulesEnabled: true,
      scheduleCheckIntervalMs: 60000,
      digitizationIncrementIntervalMs: 1800000,
      lockDurationMs: 30000,
      stalledIntervalMs: 30000,
    });
    expect(config.http.bodyLimitBytes).toBe(100 * 1024);
    expect(config.llm).toEqual({ provider: null, timeoutMs: 20000, maxTokens: 4000, accountDailyLimit: 2000 });
    expect(config.caps).toEqual({
      strategiesPerAccount: 100,
      campaignsPerStrategy: 1000,
      budgetLimitsPerAccount: 5000,
      templatesPerAccount: 500,
      scenariosPerAccount: 200,
      complaintRulesPerAccount: 200,
      accountsPerUser: 50,
    });
  });

  it('turns the inbound limiter off in the test environment', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).throttle.enabled).toBe(false);
  });

  it('takes the role from the --role override before APP_ROLE', () => {
    expect(loadConfig({ NODE_ENV: 'development', APP_ROLE: 'api' }, 'worker').role).toBe('worker');
  });

  it('takes the photo origins from MP_PHOTO_ORIGINS and the origin of MP_API_BASE_URL, where the emulator serves its photos', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      MP_PHOTO_ORIGINS: 'https://*.photos.example  http://localhost:8080',
      MP_API_BASE_URL: 'http://127.0.0.1:3900/',
    });
    expect(config.marketplace.photoOrigins).toEqual(['https://*.photos.example', 'http://localhost:8080', 'http://127.0.0.1:3900']);
  });

  it('scales the outbound rate windows by a decimal percent (benchmarks run them 1 000 times shorter)', () => {
    expect(loadConfig({ NODE_ENV: 'development', MP_API_RATE_WINDOW_PERCENT: '0.1' }).marketplace.rateTimeScale).toBeCloseTo(0.001, 12);
    expect(loadConfig({ NODE_ENV: 'development', MP_API_RATE_WINDOW_PERCENT: '1' }).marketplace.rateTimeScale).toBe(0.01);
  });
});

describe('bad values stop the start with one line naming the variable', () => {
  it.each([
    [{ PORT: 'http' }, /^Invalid environment variable PORT: /],
    [{ MP_API_RETRY_ATTEMPTS: '11' }, /^Invalid environment variable MP_API_RETRY_ATTEMPTS: expected an integer from 1 to 10/],
    [{ JWT_ACCESS_TTL: 'forever' }, /^Invalid environment variable JWT_ACCESS_TTL: /],
    [{ NODE_ENV: 'staging' }, /^Invalid environment variable NODE_ENV: /],
    [{ APP_ROLE: 'both' }, /^Invalid environment variable APP_ROLE: /],
    [{ MP_API_USE_SANDBOX: 'perhaps' }, /^Invalid environment variable MP_API_USE_SANDBOX: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid environment variable DATABASE_URL: /],
    [{ ENCRYPTION_KEYS: 'k1:c2hvcnQ=' }, /^Invalid environment variable ENCRYPTION_KEYS: key "k1" must be 32 bytes/],
    [{ ENCRYPTION_ACTIVE_KEY_ID: 'k9' }, /^Invalid environment variable ENCRYPTION_ACTIVE_KEY_ID: /],
    [{ METRICS_USER: 'prom' }, /^Invalid environment variable METRICS_PASSWORD: required/],
    [{ LLM_BASE_URL: 'https://llm.example/v1', LLM_MODEL: 'm' }, /^Invalid environment variable LLM_API_KEY: required/],
    [{ LLM_API_KEY: 'k' }, /^Invalid environment variable LLM_BASE_URL: required/],
    [{ MP_API_RATE_WINDOW_PERCENT: '0' }, /^Invalid environment variable MP_API_RATE_WINDOW_PERCENT: expected a number from 0.01 to 100/],
    [{ MP_API_RATE_WINDOW_PERCENT: '1e-3' }, /^Invalid environment variable MP_API_RATE_WINDOW_PERCENT: expected a decimal number/],
    [{ MP_PHOTO_ORIGINS: "https://a.example 'unsafe-inline'" }, /^Invalid environment variable MP_PHOTO_ORIGINS: expected origins/],
    [{ MP_PHOTO_ORIGINS: 'https://a.example; script-src *' }, /^Invalid environment variable MP_PHOTO_ORIGINS: expected origins/],
  ])('%o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never puts a secret value in the message', () => {
    expect(() => loadConfig({ ENCRYPTION_KEYS: 'k1:c2VjcmV0LXZhbHVl' })).toThrow(/^(?!.*c2VjcmV0LXZhbHVl)/);
  });
});

describe('production refuses placeholder, weak and equal secrets', () => {
  it('accepts strong, distinct secrets', () => {
    expect(production({})().env).toBe('production');
  });

  it.each([
    [
      'JWT_ACCESS_SECRET',
      { JWT_ACCESS_SECRET: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET },
      /JWT_ACCESS_SECRET: equals the development placeholder/,
    ],
    [
      'JWT_REFRESH_SECRET',
      { JWT_REFRESH_SECRET: DEVELOPMENT_PLACEHOLDERS.JWT_REFRESH_SECRET },
      /JWT_REFRESH_SECRET: equals the development placeholder/,
    ],
    [
      'ENCRYPTION_KEYS',
      { ENCRYPTION_KEYS: DEVELOPMENT_PLACEHOLDERS.ENCRYPTION_KEYS },
      /ENCRYPTION_KEYS: key "k1" equals the development placeholder/,
    ],
  ])('%s equal to the committed placeholder', (_name, overrides, message) => {
    expect(production(overrides)).toThrow(message);
  });

  it('refuses the defaults when nothing is set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_ACCESS_SECRET: equals the development placeholder/);
  });

  it.each([
    ['a short JWT access secret', { JWT_ACCESS_SECRET: 'Sh0rt-but-random!' }, /JWT_ACCESS_SECRET: is weak: at least 32 characters/],
    ['a low-entropy JWT access secret', { JWT_ACCESS_SECRET: 'a'.repeat(40) }, /JWT_ACCESS_SECRET: is weak: too little entropy/],
    ['a low-entropy JWT refresh secret', { JWT_REFRESH_SECRET: 'abababababababababababababababababab' }, /JWT_REFRESH_SECRET: is weak/],
    [
      'a patterned encryption key',
      { ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}` },
      /ENCRYPTION_KEYS: key "k1" is weak/,
    ],
  ])('%s', (_name, overrides, message) => {
    expect(production(overrides)).toThrow(message);
  });

  it('refuses a plain http:// AI provider address, which would carry its key in clear', () => {
    expect(production({ LLM_BASE_URL: 'http://llm.example/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' })).toThrow(
      /LLM_BASE_URL: must be https:\/\/ in production/,
    );
  });

  it('refuses equal JWT secrets', () => {
    const secret = strong();
    expect(production({ JWT_ACCESS_SECRET: secret, JWT_REFRESH_SECRET: secret })).toThrow(
      /JWT_REFRESH_SECRET: must differ from JWT_ACCESS_SECRET/,
    );
  });

  it.each([
    ['QUEUE_BOARD_PASSWORD', { QUEUE_BOARD_USER: 'ops', QUEUE_BOARD_PASSWORD: 'boardpass' }],
    ['METRICS_PASSWORD', { METRICS_USER: 'prom', METRICS_PASSWORD: 'Sh0rt' }],
    ['API_DOCS_PASSWORD', { API_DOCS_USER: 'docs', API_DOCS_PASSWORD: '12345678' }],
  ])('refuses a %s that does not meet the password policy of users, without printing it', (variable, overrides) => {
    const password = Object.values(overrides)[1];
    expect(production(overrides)).toThrow(
      new RegExp(`^Invalid environment variable ${variable}: is weak: it must meet the password policy of users`),
    );
    expect(production(overrides)).toThrow(new RegExp(`^(?!.*${password})`));
  });

  it('refuses a Basic password equal to its user name', () => {
    expect(production({ METRICS_USER: 'Prom-scraper-1', METRICS_PASSWORD: 'prom-SCRAPER-1' })).toThrow(
      /^Invalid environment variable METRICS_PASSWORD: is weak: it must differ from its user name$/,
    );
  });

  it('accepts Basic pairs that meet the policy; outside production the operations routes are open and their pairs unchecked', () => {
    const pairs = {
      QUEUE_BOARD_USER: 'ops',
      QUEUE_BOARD_PASSWORD: 'Board-pass-2026',
      METRICS_USER: 'prom',
      METRICS_PASSWORD: 'Scrape-pass-2026',
    };
    expect(production(pairs)().ops.metrics).toEqual({ user: 'prom', password: 'Scrape-pass-2026' });
    expect(loadConfig({ NODE_ENV: 'development', METRICS_USER: 'prom', METRICS_PASSWORD: 'weak' }).ops.metrics?.password).toBe('weak');
  });

  it('checks every key of the ring, not only the active one', () => {
    expect(production({ ENCRYPTION_KEYS: `${key()},${DEVELOPMENT_PLACEHOLDERS.ENCRYPTION_KEYS.replace('k1', 'old')}` })).toThrow(
      /key "old" equals the development placeholder/,
    );
  });
});

describe('the bootstrap admin password meets the password policy of users in every environment', () => {
  it.each(['development', 'test', 'production'])('%s', (nodeEnv) => {
    const env = { BOOTSTRAP_ADMIN_EMAIL: 'boot@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'lowercaseonly' };
    const load = nodeEnv === 'production' ? production(env) : () => loadConfig({ NODE_ENV: nodeEnv, ...env });
    expect(load).toThrow(/^Invalid environment variable BOOTSTRAP_ADMIN_PASSWORD: is weak: it must meet the password policy of users/);
    expect(load).toThrow(/^(?!.*lowercaseonly)/);
  });

  it('accepts one that meets it', () => {
    const env = { NODE_ENV: 'development', BOOTSTRAP_ADMIN_EMAIL: 'boot@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'Boot-pass-123' };
    expect(loadConfig(env).auth.bootstrapAdmin).toEqual({ email: 'boot@example.com', password: 'Boot-pass-123' });
  });
});
