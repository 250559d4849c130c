import { assertBootstrapAdminPassword, assertOpsCredentials } from './credentials-policy';
import { ENV_DEFINITIONS, EnvName, EnvValue } from './env-definitions';
import { ConfigError } from './env-parsers';
import { MP_SCOPE_NAMES, MpScope, scopeUrlVariable } from './marketplace-scopes';
import { assertProductionSecrets } from './secrets-policy';

export type AppRole = 'api' | 'worker' | 'all';
export type ThrottleGroup = 'general' | 'auth' | 'refresh' | 'llm' | 'publicImages';

export interface BasicAuthPair {
  user: string;
  password: string;
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  role: AppRole;
  logLevel: string;
  commit: string | null;
  shutdownTimeoutMs: number;
  http: {
    port: number;
    trustProxyHops: number;
    bodyLimitBytes: number;
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
  };
  database: { url: string; poolMax: number; statementTimeoutMs: number; connectionTimeoutMs: number; migrateOnStart: boolean };
  redis: { url: string; prefix: string };
  auth: {
    accessSecret: string;
    refreshSecret: string;
    accessTtlSec: number;
    refreshTtlSec: number;
    maxFailedAttempts: number;
    lockoutMs: number;
    bootstrapAdmin: { email: string; password: string } | null;
  };
  encryption: { keys: Map<string, Buffer>; activeKeyId: string };
  throttle: { enabled: boolean; groups: Record<ThrottleGroup, { limit: number; ttlMs: number }> };
  reports: { maxPeriodDays: number; pageRows: number };
  marketplace: {
    timeoutMs: number;
    retryAttempts: number;
    retryBaseMs: number;
    rateLimitMaxWaitMs: number;
    /** Every rate window multiplied by this (1 in production). */
    rateTimeScale: number;
    maxBodyBytes: number;
    /** A streamed answer: its largest size, and the longest it may take from the headers to its end. */
    maxStreamBytes: number;
    streamTimeoutMs: number;
    useSandbox: boolean;
    baseUrl: string | null;
    scopeUrls: Partial<Record<MpScope, string>>;
    /** The seller site, where a seller files a prepared complaint. */
    sellerSiteUrl: string;
    /** Where the catalog's product photos come from: the pages may show images from these origins. */
    photoOrigins: string[];
  };
  /** The AI provider; provider null when LLM_BASE_URL is unset. */
  llm: {
    provider: { baseUrl: string; apiKey: string; model: string } | null;
    timeoutMs: number;
    maxTokens: number;
    /** AI calls of one account per Moscow day. */
    accountDailyLimit: number;
  };
  /** How long an auto scenario's reply is held, cancellable, before the publisher takes it (0: at once). */
  autoreply: { publishDelayMs: number };
  content: { verifyDelayMs: number };
  queues: {
    syncConcurrency: number;
    schedulesEnabled: boolean;
    scheduleCheckIntervalMs: number;
    digitizationIncrementIntervalMs: number;
    lockDurationMs: number;
    stalledIntervalMs: number;
  };
  catalog: { syncMaxCards: number };
  pricing: { bulkChunkSize: number; bulkConfirmTimeoutMs: number; bulkConfirmPollMs: number };
  repricer: { maxRulesPerAccount: number };
  autobidder: { minClicks: number };
  /** The slot watch: the wanted interval between two reads of an account's coefficients, and the notification cooldown of a cell. */
  booking: { pollMs: number; cooldownMs: number };
  /** Most live (not deleted) rows one account or user holds; the campaigns cap bounds the list of one strategy. */
  caps: {
    strategiesPerAccount: number;
    campaignsPerStrategy: number;
    budgetLimitsPerAccount: number;
    templatesPerAccount: number;
    scenariosPerAccount: number;
    complaintRulesPerAccount: number;
    accountsPerUser: number;
  };
  ops: { queueBoard: BasicAuthPair | null; metrics: BasicAuthPair | null; apiDocs: BasicAuthPair | null };
  /** Where the public addresses of A/B test images point (no trailing slash). */
  /** publicBaseUrl: where the marketplace fetches the images; verifyMs: how long after a switch the card is read back. */
  abTests: { publicBaseUrl: string; verifyMs: number };
}

/** Spec: Limits. The server default JSON body limit. */
const BODY_LIMIT_BYTES = 100 * 1024;

type Parsed = { [K in EnvName]: EnvValue<(typeof ENV_DEFINITIONS)[K]> };

function parseAll(source: NodeJS.ProcessEnv): Parsed {
  const parsed: Partial<Record<EnvName, unknown>> = {};
  for (const [name, definition] of Object.entries(ENV_DEFINITIONS) as [EnvName, (typeof ENV_DEFINITIONS)[EnvName]][]) {
    const raw = source[name] === undefined || source[name] === '' ? definition.default : source[name];
    parsed[name] = raw === undefined ? undefined : definition.parse(raw, name);
  }
  return parsed as Parsed;
}

function pair(user: string | undefined, password: string | undefined, userVar: EnvName, passwordVar: EnvName): BasicAuthPair | null {
  if (!user && !password) return null;
  if (!user) throw new ConfigError(userVar, `required when ${passwordVar} is set`);
  if (!password) throw new ConfigError(passwordVar, `required when ${userVar} is set`);
  return { user, password };
}

function plain(address: string): boolean {
  return new URL(address).protocol === 'http:';
}

/** Production sends account keys only over TLS: a plain http:// marketplace address is a configuration error. */
function assertHttpsMarketplace(marketplace: AppConfig['marketplace']): void {
  if (marketplace.baseUrl && plain(marketplace.baseUrl)) throw new ConfigError('MP_API_BASE_URL', 'must be https:// in production');
  for (const [scope, address] of Object.entries(marketplace.scopeUrls)) {
    if (plain(address)) throw new ConfigError(scopeUrlVariable(scope as MpScope), 'must be https:// in production');
  }
}

/** The AI provider is all of LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, or none of them. */
function llmProvider(baseUrl: string | undefined, apiKey: string | undefined, model: string | undefined): AppConfig['llm']['provider'] {
  if (!baseUrl && !apiKey && !model) return null;
  if (!baseUrl) throw new ConfigError('LLM_BASE_URL', 'required when LLM_API_KEY or LLM_MODEL is set');
  if (!apiKey) throw new ConfigError('LLM_API_KEY', 'required when LLM_BASE_URL is set');
  if (!model) throw new ConfigError('LLM_MODEL', 'required when LLM_BASE_URL is set');
  return { baseUrl, apiKey, model };
}

/** Reads and validates the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, roleOverride?: string): AppConfig {
  const e = parseAll(roleOverride ? { ...source, APP_ROLE: roleOverride } : source);
  const nodeEnv = e.NODE_ENV;
  const keys = e.ENCRYPTION_KEYS;
  const activeKeyId = e.ENCRYPTION_ACTIVE_KEY_ID;
  if (!keys.has(activeKeyId)) throw new ConfigError('ENCRYPTION_ACTIVE_KEY_ID', `"${activeKeyId}" is not an id in ENCRYPTION_KEYS`);
  const bootstrap = pair(e.BOOTSTRAP_ADMIN_EMAIL, e.BOOTSTRAP_ADMIN_PASSWORD, 'BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD');

  const config: AppConfig = {
    env: nodeEnv,
    role: e.APP_ROLE,
    logLevel: e.LOG_LEVEL,
    commit: e.APP_COMMIT ?? null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    http: {
      port: e.PORT,
      trustProxyHops: e.TRUST_PROXY_HOPS,
      bodyLimitBytes: BODY_LIMIT_BYTES,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    database: {
      url: e.DATABASE_URL,
      poolMax: e.DB_POOL_MAX,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectionTimeoutMs: e.DB_CONNECTION_TIMEOUT_MS,
      migrateOnStart: e.DB_MIGRATE_ON_START,
    },
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    auth: {
      accessSecret: e.JWT_ACCESS_SECRET,
      refreshSecret: e.JWT_REFRESH_SECRET,
      accessTtlSec: e.JWT_ACCESS_TTL,
      refreshTtlSec: e.JWT_REFRESH_TTL,
      maxFailedAttempts: e.AUTH_MAX_FAILED_ATTEMPTS,
      lockoutMs: e.AUTH_LOCKOUT_MS,
      bootstrapAdmin: bootstrap ? { email: bootstrap.user, password: bootstrap.password } : null,
    },
    encryption: { keys, activeKeyId },
    throttle: {
      enabled: e.THROTTLE_ENABLED ?? nodeEnv !== 'test',
      groups: {
        general: { limit: e.THROTTLE_DEFAULT_LIMIT, ttlMs: e.THROTTLE_DEFAULT_TTL_MS },
        auth: { limit: e.THROTTLE_AUTH_LIMIT, ttlMs: e.THROTTLE_AUTH_TTL_MS },
        refresh: { limit: e.THROTTLE_REFRESH_LIMIT, ttlMs: e.THROTTLE_REFRESH_TTL_MS },
        llm: { limit: e.THROTTLE_LLM_LIMIT, ttlMs: e.THROTTLE_LLM_TTL_MS },
        publicImages: { limit: e.THROTTLE_PUBLIC_IMAGES_LIMIT, ttlMs: e.THROTTLE_PUBLIC_IMAGES_TTL_MS },
      },
    },
    reports: { maxPeriodDays: e.REPORT_MAX_PERIOD_DAYS, pageRows: e.REPORT_PAGE_ROWS },
    marketplace: {
      timeoutMs: e.MP_API_TIMEOUT_MS,
      retryAttempts: e.MP_API_RETRY_ATTEMPTS,
      retryBaseMs: e.MP_API_RETRY_BASE_MS,
      rateLimitMaxWaitMs: e.MP_API_RATE_LIMIT_MAX_WAIT_MS,
      rateTimeScale: e.MP_API_RATE_WINDOW_PERCENT / 100,
      maxBodyBytes: e.MP_API_MAX_BODY_BYTES,
      maxStreamBytes: e.MP_API_MAX_STREAM_BYTES,
      streamTimeoutMs: e.MP_API_STREAM_TIMEOUT_MS,
      useSandbox: e.MP_API_USE_SANDBOX,
      baseUrl: e.MP_API_BASE_URL ?? null,
      scopeUrls: Object.fromEntries(
        MP_SCOPE_NAMES.flatMap((scope) => {
          const value = (e as Record<string, unknown>)[scopeUrlVariable(scope)];
          return typeof value === 'string' ? [[scope, value]] : [];
        }),
      ),
      sellerSiteUrl: e.MP_SELLER_SITE_URL,
      photoOrigins: e.MP_API_BASE_URL ? [...e.MP_PHOTO_ORIGINS, new URL(e.MP_API_BASE_URL).origin] : e.MP_PHOTO_ORIGINS,
    },
    llm: {
      provider: llmProvider(e.LLM_BASE_URL, e.LLM_API_KEY, e.LLM_MODEL),
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxTokens: e.LLM_MAX_TOKENS,
      accountDailyLimit: e.LLM_ACCOUNT_DAILY_LIMIT,
    },
    autoreply: { publishDelayMs: e.AUTOREPLY_PUBLISH_DELAY_MS },
    content: { verifyDelayMs: e.CONTENT_VERIFY_DELAY_MS },
    queues: {
      syncConcurrency: e.SYNC_QUEUE_CONCURRENCY,
      schedulesEnabled: e.SCHEDULES_ENABLED,
      scheduleCheckIntervalMs: e.SCHEDULES_CHECK_INTERVAL_MS,
      digitizationIncrementIntervalMs: e.DIGITIZATION_INCREMENT_INTERVAL_MS,
      lockDurationMs: e.QUEUE_LOCK_DURATION_MS,
      stalledIntervalMs: e.QUEUE_STALLED_INTERVAL_MS,
    },
    catalog: { syncMaxCards: e.CATALOG_SYNC_MAX_CARDS },
    pricing: {
      bulkChunkSize: e.PRICING_BULK_CHUNK_SIZE,
      bulkConfirmTimeoutMs: e.PRICING_BULK_CONFIRM_TIMEOUT_MS,
      bulkConfirmPollMs: e.PRICING_BULK_CONFIRM_POLL_MS,
    },
    repricer: { maxRulesPerAccount: e.REPRICER_MAX_RULES_PER_ACCOUNT },
    autobidder: { minClicks: e.AUTOBIDDER_MIN_CLICKS },
    booking: { pollMs: e.BOOKING_POLL_MS, cooldownMs: e.BOOKING_COOLDOWN_MS },
    caps: {
      strategiesPerAccount: e.AUTOBIDDER_MAX_STRATEGIES_PER_ACCOUNT,
      campaignsPerStrategy: e.AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY,
      budgetLimitsPerAccount: e.AUTOBIDDER_MAX_BUDGET_LIMITS_PER_ACCOUNT,
      templatesPerAccount: e.AUTOREPLY_MAX_TEMPLATES_PER_ACCOUNT,
      scenariosPerAccount: e.AUTOREPLY_MAX_SCENARIOS_PER_ACCOUNT,
      complaintRulesPerAccount: e.AUTOREPLY_MAX_COMPLAINT_RULES_PER_ACCOUNT,
      accountsPerUser: e.MP_ACCOUNTS_MAX_PER_USER,
    },
    ops: {
      queueBoard: pair(e.QUEUE_BOARD_USER, e.QUEUE_BOARD_PASSWORD, 'QUEUE_BOARD_USER', 'QUEUE_BOARD_PASSWORD'),
      metrics: pair(e.METRICS_USER, e.METRICS_PASSWORD, 'METRICS_USER', 'METRICS_PASSWORD'),
      apiDocs: pair(e.API_DOCS_USER, e.API_DOCS_PASSWORD, 'API_DOCS_USER', 'API_DOCS_PASSWORD'),
    },
    abTests: { publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''), verifyMs: e.AB_VERIFY_MS },
  };
  assertBootstrapAdminPassword(config.auth.bootstrapAdmin);
  if (config.env === 'production') {
    assertProductionSecrets(config);
    assertOpsCredentials(config.ops);
    assertHttpsMarketplace(config.marketplace);
    // The AI provider's key goes only over TLS, like the account keys.
    if (config.llm.provider && plain(config.llm.provider.baseUrl)) throw new ConfigError('LLM_BASE_URL', 'must be https:// in production');
  }
  return config;
}
