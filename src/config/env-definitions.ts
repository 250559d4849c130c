import { bool, decimal, durationSeconds, EnvParser, identifier, int, keyRing, oneOf, originList, str, url } from './env-parsers';
import { MP_SCOPE_NAMES, scopeUrlVariable } from './marketplace-scopes';

export interface EnvDefinition<T = unknown> {
  /** Value used when the variable is unset; without one the variable is optional and may be absent. */
  default?: string;
  description: string;
  parse: EnvParser<T>;
  /** A secret: .env.example says so; it is never logged. */
  secret?: boolean;
}

/** The parsed type of a variable: never undefined when it has a default. */
export type EnvValue<D> = D extends { parse: EnvParser<infer T> } ? (D extends { default: string } ? T : T | undefined) : never;

function env<T>(definition: EnvDefinition<T> & { default: string }): EnvDefinition<T> & { default: string } {
  return definition;
}

function optionalEnv<T>(definition: EnvDefinition<T> & { default?: undefined }): EnvDefinition<T> {
  return definition;
}

/** MP_<SCOPE>_API_URL for every scope: unset means the production (or sandbox) address. */
function scopeUrlDefinitions(): Record<`MP_${string}_API_URL`, EnvDefinition<string>> {
  return Object.fromEntries(
    MP_SCOPE_NAMES.map((scope) => [
      scopeUrlVariable(scope),
      optionalEnv({ parse: url('http:', 'https:'), description: `address of the ${scope} scope when MP_API_BASE_URL is unset` }),
    ]),
  ) as Record<`MP_${string}_API_URL`, EnvDefinition<string>>;
}

/**
 * Development placeholders. They are committed, so production refuses them (spec: Authentication 10).
 * The encryption key is 32 bytes of a fixed pattern, base64.
 */
export const DEVELOPMENT_PLACEHOLDERS = {
  JWT_ACCESS_SECRET: 'dev-only-access-secret-change-me-in-production-0001',
  JWT_REFRESH_SECRET: 'dev-only-refresh-secret-change-me-in-production-0002',
  ENCRYPTION_KEYS: `k1:${Buffer.from('dev-only-encryption-key-32-bytes').toString('base64')}`,
} as const;

/** Every environment variable the service reads: the single source for parsing, .env.example and the README table. */
export const ENV_DEFINITIONS = {
  NODE_ENV: env({
    default: 'production',
    parse: oneOf('development', 'test', 'production'),
    description:
      'development, test or production; unset is production, and only development or test relaxes the start-up checks (npm start, npm run demo and the other developer scripts set development when unset, see Scripts)',
  }),
  APP_ROLE: env({
    default: 'all',
    parse: oneOf('api', 'worker', 'all'),
    description: 'api (HTTP only), worker (queues and schedules only) or all; the --role flag overrides it',
  }),
  PORT: env({ default: '3000', parse: int(0, 65535), description: 'HTTP port of the api role' }),
  APP_COMMIT: optionalEnv({ parse: str, description: 'git commit reported by GET /version; read from the checkout when unset' }),
  LOG_LEVEL: env({
    default: 'info',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    description: 'pino log level',
  }),
  HTTP_REQUEST_TIMEOUT_MS: env({
    default: '60000',
    parse: int(1000, 3600000),
    description: 'longest time to receive a whole request (headers and body); past it 408 REQUEST_TIMEOUT',
  }),
  HTTP_HEADERS_TIMEOUT_MS: env({
    default: '20000',
    parse: int(1000, 3600000),
    description: 'longest time to receive the request headers (at most HTTP_REQUEST_TIMEOUT_MS); past it 408 REQUEST_TIMEOUT',
  }),
  HTTP_CONNECTION_TIMEOUT_MS: env({
    default: '120000',
    parse: int(1000, 3600000),
    description: 'an inactive socket is closed after this long (Fastify connectionTimeout)',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: env({
    default: '72000',
    parse: int(1000, 3600000),
    description: "an idle keep-alive connection is closed after this long; keep it above the load balancer's idle timeout",
  }),
  SHUTDOWN_TIMEOUT_MS: env({
    default: '25000',
    parse: int(1000, 600000),
    description: 'how long SIGTERM waits for running requests and jobs before giving up',
  }),
  DATABASE_URL: env({
    default: 'postgres://postgres@127.0.0.1:5432/seller_operations',
    parse: url('postgres:', 'postgresql:'),
    description: 'PostgreSQL connection string; outside production the database is created when missing',
  }),
  DB_POOL_MAX: env({ default: '10', parse: int(1, 200), description: 'PostgreSQL connections per process' }),
  DB_STATEMENT_TIMEOUT_MS: env({
    default: '30000',
    parse: int(0),
    description: 'statement timeout; 0 = none; a statement over it answers 503',
  }),
  DB_CONNECTION_TIMEOUT_MS: env({
    default: '5000',
    parse: int(100, 600000),
    description: 'wait for a pooled PostgreSQL connection (all busy or the server unreachable); past it the request answers 503',
  }),
  DB_MIGRATE_ON_START: env({ default: 'true', parse: bool, description: 'apply pending migrations at start' }),
  REDIS_URL: env({
    default: 'redis://127.0.0.1:6379',
    parse: url('redis:', 'rediss:'),
    description: 'Redis connection string (queues, schedules, counters, buckets, leases)',
  }),
  REDIS_PREFIX: env({ default: 'soa', parse: identifier, description: 'prefix of every Redis key and queue of this deployment' }),
  JWT_ACCESS_SECRET: env({
    default: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET,
    parse: str,
    secret: true,
    description: 'HS256 secret of access tokens (at least 32 characters in production)',
  }),
  JWT_REFRESH_SECRET: env({
    default: DEVELOPMENT_PLACEHOLDERS.JWT_REFRESH_SECRET,
    parse: str,
    secret: true,
    description: 'secret of refresh tokens; must differ from the access secret',
  }),
  JWT_ACCESS_TTL: env({ default: '15m', parse: durationSeconds, description: 'access token lifetime (s, m, h, d)' }),
  JWT_REFRESH_TTL: env({ default: '30d', parse: durationSeconds, description: 'refresh token lifetime (s, m, h, d)' }),
  AUTH_MAX_FAILED_ATTEMPTS: env({ default: '10', parse: int(1, 1000), description: 'consecutive failed logins before a lockout' }),
  AUTH_LOCKOUT_MS: env({ default: '900000', parse: int(1000), description: 'lockout length after too many failed logins' }),
  BOOTSTRAP_ADMIN_EMAIL: optionalEnv({
    parse: str,
    description: 'with BOOTSTRAP_ADMIN_PASSWORD: this admin is created at start; a user already holding the e-mail is never promoted',
  }),
  BOOTSTRAP_ADMIN_PASSWORD: optionalEnv({
    parse: str,
    secret: true,
    description: 'password of the bootstrap admin, set only when the user is created; it must meet the password policy of users',
  }),
  ENCRYPTION_KEYS: env({
    default: DEVELOPMENT_PLACEHOLDERS.ENCRYPTION_KEYS,
    parse: keyRing,
    secret: true,
    description: 'key ring for marketplace keys: id:<base64 32 bytes>[,id:...]',
  }),
  ENCRYPTION_ACTIVE_KEY_ID: env({ default: 'k1', parse: str, description: 'id in ENCRYPTION_KEYS used for new records' }),
  THROTTLE_ENABLED: optionalEnv({ parse: bool, description: 'inbound limits on or off; default on, off when NODE_ENV=test' }),
  THROTTLE_DEFAULT_LIMIT: env({ default: '300', parse: int(1), description: 'general inbound limit per client IP' }),
  THROTTLE_DEFAULT_TTL_MS: env({ default: '60000', parse: int(1000), description: 'window of the general limit' }),
  THROTTLE_AUTH_LIMIT: env({ default: '5', parse: int(1), description: 'limit of POST /auth/register and /auth/login per client IP' }),
  THROTTLE_AUTH_TTL_MS: env({ default: '900000', parse: int(1000), description: 'window of the auth limit' }),
  THROTTLE_REFRESH_LIMIT: env({ default: '60', parse: int(1), description: 'limit of POST /auth/refresh per client IP' }),
  THROTTLE_REFRESH_TTL_MS: env({ default: '60000', parse: int(1000), description: 'window of the refresh limit' }),
  THROTTLE_LLM_LIMIT: env({ default: '30', parse: int(1), description: 'limit of routes that call the AI provider per client IP' }),
  THROTTLE_LLM_TTL_MS: env({ default: '3600000', parse: int(1000), description: 'window of the LLM limit' }),
  THROTTLE_PUBLIC_IMAGES_LIMIT: env({
    default: '600',
    parse: int(1),
    description: 'limit of GET /ab-test-images/:token (public, no login: the marketplace fetches the images) per client IP',
  }),
  THROTTLE_PUBLIC_IMAGES_TTL_MS: env({ default: '60000', parse: int(1000), description: 'window of the public images limit' }),
  TRUST_PROXY_HOPS: env({
    default: '1',
    parse: int(0, 10),
    description: 'reverse proxies every request passes, each setting X-Forwarded-For; 0 when clients reach the service directly',
  }),
  REPORT_MAX_PERIOD_DAYS: env({ default: '366', parse: int(1, 3660), description: 'longest report import period' }),
  REPORT_PAGE_ROWS: env({
    default: '10000',
    parse: int(1, 100000),
    description: 'rows per page of the realisation report (its limit); 10 000 rows of 2-3 KB stay under half of the 64 MB body cap',
  }),
  MP_API_TIMEOUT_MS: env({ default: '10000', parse: int(100, 600000), description: 'timeout of one marketplace request' }),
  MP_API_RETRY_ATTEMPTS: env({ default: '3', parse: int(1, 10), description: 'attempts per marketplace call, the first included' }),
  MP_API_RETRY_BASE_MS: env({ default: '500', parse: int(1, 60000), description: 'base of the exponential retry pause' }),
  MP_API_RATE_LIMIT_MAX_WAIT_MS: env({ default: '30000', parse: int(0), description: 'ceiling of a wait for an outbound rate token' }),
  MP_API_RATE_WINDOW_PERCENT: env({
    default: '100',
    parse: decimal(0.01, 100),
    description: 'percent of every outbound rate window; below 100 only against an emulator scaled alike (tests, benchmarks)',
  }),
  MP_API_MAX_BODY_BYTES: env({
    default: '67108864',
    parse: int(1024, 1073741824),
    description: 'largest marketplace answer body read; a larger one is MP_UNAVAILABLE (64 MB)',
  }),
  MP_API_MAX_STREAM_BYTES: env({
    default: '268435456',
    parse: int(1024, 4294967296),
    description: 'largest streamed marketplace answer (statistics pages, report pages); a larger one is MP_UNAVAILABLE (256 MB)',
  }),
  MP_API_STREAM_TIMEOUT_MS: env({
    default: '300000',
    parse: int(100, 3600000),
    description: 'longest time a streamed marketplace answer may take from its headers to its end; longer is MP_UNAVAILABLE',
  }),
  PUBLIC_BASE_URL: optionalEnv({
    parse: url('http:', 'https:'),
    description:
      'address at which the marketplace reaches this service, for the public addresses of A/B test images; default http://localhost:<PORT>',
  }),
  MP_API_BASE_URL: optionalEnv({
    parse: url('http:', 'https:'),
    description: 'one base address for every marketplace scope (scope S at <base>/S), e.g. the emulator',
  }),
  ...scopeUrlDefinitions(),
  MP_API_USE_SANDBOX: env({ default: 'false', parse: bool, description: 'use the marketplace sandbox addresses (test-circuit token)' }),
  MP_PHOTO_ORIGINS: env({
    default: 'https://*.wbbasket.ru',
    parse: originList,
    description:
      'origins of the product photos, space-separated: the web app may show images from them (its Content-Security-Policy); the origin of MP_API_BASE_URL is added, as the emulator serves its photos itself',
  }),
  MP_SELLER_SITE_URL: env({
    default: 'https://seller.wildberries.ru',
    parse: url('http:', 'https:'),
    description:
      'address of the marketplace seller site, the base of the deep links of complaints and of the supply planning link of slot notifications',
  }),
  LLM_BASE_URL: optionalEnv({
    parse: url('http:', 'https:'),
    description: 'address of an OpenAI-compatible chat-completions API (with its /v1); unset: AI calls answer 502 LLM_UNAVAILABLE',
  }),
  LLM_API_KEY: optionalEnv({ parse: str, secret: true, description: 'key of the AI provider; required with LLM_BASE_URL' }),
  LLM_MODEL: optionalEnv({ parse: str, description: 'model name sent to the AI provider; required with LLM_BASE_URL' }),
  LLM_TIMEOUT_MS: env({ default: '20000', parse: int(100, 600000), description: 'timeout of one AI provider call' }),
  LLM_MAX_TOKENS: env({
    default: '4000',
    parse: int(1, 1000000),
    description: 'max_tokens of every AI call: the longest text the AI writes is a 4000-character complaint, at most a token a character',
  }),
  LLM_ACCOUNT_DAILY_LIMIT: env({
    default: '2000',
    parse: int(1, 100000000),
    description: 'AI calls of one account per Moscow day, counted in Redis by every replica; one more answers 429 until Moscow midnight',
  }),
  AUTOREPLY_PUBLISH_DELAY_MS: env({
    default: '900000',
    parse: int(0, 86400000),
    description: 'how long a reply an auto scenario queued waits, cancellable, before it is published; 0 publishes at once',
  }),
  CONTENT_VERIFY_DELAY_MS: env({
    default: '2100000',
    parse: int(0, 86400000),
    description: 'how long after a card update is sent the content studio reads the card and the error list to see whether it applied',
  }),
  AB_VERIFY_MS: env({
    default: '120000',
    parse: int(0, 86400000),
    description:
      "how long after an A/B test switches the card's main photo the worker reads the card back to see whether the photo applied",
  }),
  SCHEDULES_ENABLED: env({
    default: 'true',
    parse: bool,
    description:
      'register the job schedulers (catalog, inbox and ad campaign syncs, repricer and bid engine runs, the publishing sweep) in the worker and all roles; false runs jobs only when something starts them',
  }),
  SCHEDULES_CHECK_INTERVAL_MS: env({
    default: '60000',
    parse: int(1000, 3600000),
    description:
      'how often a worker checks its job schedulers in Redis and registers the missing ones (a Redis restart without persistence, a flushed db)',
  }),
  SYNC_QUEUE_CONCURRENCY: env({ default: '5', parse: int(1, 100), description: 'parallel jobs per process on sync queues' }),
  QUEUE_LOCK_DURATION_MS: env({
    default: '30000',
    parse: int(1000, 600000),
    description: 'lock of an active job, renewed at half its length; a job whose worker died is taken over once its lock expired',
  }),
  QUEUE_STALLED_INTERVAL_MS: env({
    default: '30000',
    parse: int(1000, 600000),
    description: "how often a worker looks for jobs whose lock expired (a dead worker's jobs)",
  }),
  CATALOG_SYNC_MAX_CARDS: env({
    default: '100000',
    parse: int(1, 100000),
    description: 'most cards one catalog sync loads; the rest are left for the next one',
  }),
  PRICING_BULK_CHUNK_SIZE: env({
    default: '1000',
    parse: int(1, 1000),
    description: 'items per marketplace upload of a bulk price job (the marketplace takes at most 1000)',
  }),
  PRICING_BULK_CONFIRM_TIMEOUT_MS: env({
    default: '120000',
    parse: int(0, 3_600_000),
    description:
      "how long after a bulk price job's last upload it asks the marketplace which items it refused; items still unknown then are reported as not confirmed",
  }),
  PRICING_BULK_CONFIRM_POLL_MS: env({
    default: '3000',
    parse: int(100, 60000),
    description: "pause between two questions about a bulk price job's uploads still processing at the marketplace",
  }),
  REPRICER_MAX_RULES_PER_ACCOUNT: env({
    default: '1000',
    parse: int(1, 100000),
    description: 'most live (not deleted) repricer rules of one account; creating one more answers 409',
  }),
  AUTOBIDDER_MIN_CLICKS: env({
    default: '20',
    parse: int(1, 1_000_000),
    description: 'clicks after the service changed a bid that the bid engine needs before it changes that bid again',
  }),
  AUTOBIDDER_MAX_STRATEGIES_PER_ACCOUNT: env({
    default: '100',
    parse: int(1, 100000),
    description: 'most live (not deleted) bid strategies of one account; creating one more answers 409',
  }),
  AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY: env({
    default: '1000',
    parse: int(1, 100000),
    description: 'most campaigns in the list of one bid strategy, on create and on update; a longer list answers 409',
  }),
  AUTOBIDDER_MAX_BUDGET_LIMITS_PER_ACCOUNT: env({
    default: '5000',
    parse: int(1, 1000000),
    description: 'most live (not deleted) ad budget limits of one account; creating one more answers 409',
  }),
  AUTOREPLY_MAX_TEMPLATES_PER_ACCOUNT: env({
    default: '500',
    parse: int(1, 100000),
    description: 'most live (not deleted) reply templates of one account; creating one more answers 409',
  }),
  AUTOREPLY_MAX_SCENARIOS_PER_ACCOUNT: env({
    default: '200',
    parse: int(1, 100000),
    description: 'most live (not deleted) reply scenarios of one account; creating one more answers 409',
  }),
  AUTOREPLY_MAX_COMPLAINT_RULES_PER_ACCOUNT: env({
    default: '200',
    parse: int(1, 100000),
    description: 'most live (not deleted) complaint rules of one account; creating one more answers 409',
  }),
  MP_ACCOUNTS_MAX_PER_USER: env({
    default: '50',
    parse: int(1, 100000),
    description: 'most live (not deleted) seller accounts (cabinets) one user owns; connecting one more answers 409',
  }),
  DIGITIZATION_INCREMENT_INTERVAL_MS: env({
    default: '1800000',
    parse: int(60000),
    description: 'interval of the incremental import tier',
  }),
  BOOKING_POLL_MS: env({
    default: '10000',
    parse: int(100, 3_600_000),
    description:
      "how often the slot watch reads an account's acceptance coefficients; never more often than the call's limit (6 a minute) allows",
  }),
  BOOKING_COOLDOWN_MS: env({
    default: '900000',
    parse: int(0, 86_400_000),
    description: 'a slot that comes back within this long of its last notification to a task is matched again without a new notification',
  }),
  QUEUE_BOARD_USER: optionalEnv({ parse: str, description: 'HTTP Basic user of /admin/queues in production (not mounted when unset)' }),
  QUEUE_BOARD_PASSWORD: optionalEnv({
    parse: str,
    secret: true,
    description: 'HTTP Basic password of /admin/queues; in production it must meet the password policy of users',
  }),
  METRICS_USER: optionalEnv({ parse: str, description: 'HTTP Basic user of /metrics in production (not served when unset)' }),
  METRICS_PASSWORD: optionalEnv({
    parse: str,
    secret: true,
    description: 'HTTP Basic password of /metrics; in production it must meet the password policy of users',
  }),
  API_DOCS_USER: optionalEnv({ parse: str, description: 'optional HTTP Basic user of /api/docs; the docs are public when unset' }),
  API_DOCS_PASSWORD: optionalEnv({
    parse: str,
    secret: true,
    description: 'HTTP Basic password of /api/docs; in production it must meet the password policy of users',
  }),
} satisfies Record<string, EnvDefinition>;

export type EnvName = keyof typeof ENV_DEFINITIONS;
