import { setTimeout as sleep } from 'node:timers/promises';

import type { AppConfig } from '../../config/app-config';
import type { MpScope } from '../../config/marketplace-scopes';
import type { Endpoint, HttpMethod, QueryValue, TokenType, UploadedFile } from '../endpoints/endpoint';
import type { ArrayShape } from '../endpoints/shape';
import { SandboxNotAvailableError, scopeBaseUrl } from '../scope-url';
import { Exchange, exchange, StreamBroken } from './exchange';
import { itemText, JsonArrayBatch, jsonArrayBatches, jsonArrayOf, NotAJsonArray } from './json-array-batches';
import { MarketplaceCallError, MarketplaceFailure, RateLimitDelay, tokenTypeRejected } from './marketplace-errors';
import type { MarketplaceMetrics } from './marketplace-metrics';
import { parseCheckedArray } from './parse-checked-array';
import { BucketId, RateBuckets } from './rate-buckets';
import { canonicalPath, ceilingMs, RateRule, RateRules, refillMs } from './rate-rules';

export interface MarketplaceCall {
  scope: MpScope;
  method: HttpMethod;
  /** The marketplace path within its scope, without the query. */
  path: string;
  /** The definition's path when `path` fills its placeholders: the call's bucket is named by it. */
  template?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Headers of the call itself (never Authorization, which the client sets). */
  headers?: Record<string, string>;
  /** A file sent as multipart/form-data instead of a JSON body. */
  upload?: UploadedFile;
  /** The account whose key and buckets the call uses. */
  accountId?: string;
  /** A key without an account (its buckets are global). */
  apiKey?: string;
  /**
   * A token wait over the ceiling always rejects with 429 and no call. 'delay-job' (long sync jobs) also turns
   * a wait over 5 s into RateLimitDelay, which moves the job to delayed.
   */
  onLongWait?: 'reject' | 'delay-job';
  /** An explicit budget for reading the body once headers arrived; running out is not retried. */
  bodyTimeoutMs?: number;
  /** Answers other than 2xx that the caller handles itself (e.g. 400 of a price upload, 404 of a question). */
  accept?: readonly number[];
  /** A 4xx answer (other than 429) takes this many tokens in all from the bucket. */
  clientErrorCost?: number;
  /** Keys whose integers are read and written as exact digit strings (ids above 2^53). */
  exactKeys?: ReadonlySet<string>;
  /** The kinds of key the call takes, where not all: its 403 names them. */
  tokenTypes?: readonly TokenType[];
  /** A 2xx body is handed over unread as a stream (MarketplaceClient.stream). */
  streamed?: boolean;
}

export interface MarketplaceAnswer<T> {
  status: number;
  body: T;
  mpRequestId: string | null;
  attempts: number;
}

/** What a streamed call read: its status and how many items it handed over. */
export type StreamedAnswer = Omit<MarketplaceAnswer<unknown>, 'body'> & { items: number };

/** Items of a streamed batch: their texts as they came, as one JSON array, and the items parsed and checked. */
export interface PickedItems<T> {
  json: Buffer;
  items: T[];
}

/**
 * A batch of a streamed answer: its text with where each item ends, and its items read on demand. An item is decoded,
 * parsed and checked against the endpoint's shape only when picked, so that a caller that recognises an item by its
 * text (an import that stored the hash of the same text) never reads it; a picked item of another shape throws the
 * malformed answer's 502.
 */
export interface StreamedBatch<T> extends JsonArrayBatch {
  /** How many items the batch holds. */
  count: number;
  /** The items at these indexes, in this order (every item when omitted). */
  pick(indexes?: number[]): PickedItems<T>;
}

/** A streamed answer is cut into batches of about this many bytes. */
export const STREAM_BATCH_BYTES = 2 * 1024 * 1024;

/** Whose key and buckets a call uses, and how it waits: everything of a call that its endpoint does not define. */
export type CallOptions = Pick<MarketplaceCall, 'accountId' | 'apiKey' | 'onLongWait' | 'bodyTimeoutMs'>;

/** A 2xx answer in the endpoint's checked shape R, or one of its rejections with the body J. */
export type EndpointAnswer<R, J> = (MarketplaceAnswer<R> & { ok: true }) | (MarketplaceAnswer<J> & { ok: false });

/** An endpoint without parameters takes none. */
type ParamsOf<P> = [P] extends [void] ? [] : [params: P];

/** Where the key comes from: opened just before each attempt, kept nowhere. */
export interface AccountKeys {
  plaintextKey(accountId: string): Promise<string>;
}

export interface ClientLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Spec: Job level. A long job waits for a token up to this long, then is moved to delayed. */
export const JOB_TOKEN_WAIT_MS = 5000;

/**
 * The one way to the marketplace. Before each attempt: a token from the shared bucket of (account, scope,
 * canonical path), waiting within the ceiling. After it: rate headers narrow the bucket; 429 penalises it and is
 * retried after min(max(Retry-After, refill of one token, exponential), ceiling); 5xx, network failures and
 * timeouts are retried after the exponential pause with jitter; 401/403/404 and body-budget timeouts are not.
 */
export class MarketplaceClient {
  constructor(
    private readonly appConfig: AppConfig,
    private readonly buckets: RateBuckets,
    private readonly rules: RateRules,
    private readonly keys: AccountKeys,
    private readonly metrics: MarketplaceMetrics,
    private readonly logger: ClientLogger,
  ) {}

  private get config(): AppConfig['marketplace'] {
    return this.appConfig.marketplace;
  }

  /**
   * Calls an endpoint and checks its answer: a 2xx body of another shape than the endpoint's is 502 MP_UNAVAILABLE,
   * not retried, logged with the first place that does not fit (never the body).
   */
  async call<P, R, J>(endpoint: Endpoint<P, R, J>, options: CallOptions, ...[params]: ParamsOf<P>): Promise<EndpointAnswer<R, J>> {
    const { scope, method, path, clientErrorCost, tokenTypes } = endpoint;
    const answer = await this.request({
      ...options,
      scope,
      method,
      path,
      template: path,
      ...endpoint.request(params as P),
      accept: endpoint.rejections,
      exactKeys: endpoint.response.exactKeys,
      clientErrorCost,
      tokenTypes,
    });
    if (answer.status < 200 || answer.status >= 300) return { ...answer, ok: false, body: answer.body as J };
    const problem = endpoint.response.check(answer.body, 'body');
    if (problem === null) return { ...answer, ok: true, body: answer.body as R };
    throw this.malformed(endpoint, options, answer, problem);
  }

  /**
   * Calls an endpoint whose answer is a JSON array (its shape made by arrayOf, or nullable(arrayOf) for a call that
   * answers 204 without a body at its end: no item then) and hands its items to `onBatch` as they arrive, in batches of
   * about STREAM_BATCH_BYTES, each item checked against the endpoint's item shape, with the batch's own text (a JSON
   * array) and where each item's text ends in it. An answer is never held whole; it is bounded by MP_API_MAX_STREAM_BYTES
   * and MP_API_STREAM_TIMEOUT_MS instead of MP_API_MAX_BODY_BYTES. The next batch is read while `onBatch` works on the
   * previous one only as far as the socket buffers it.
   *
   * Retries are those of call() until the answer's headers arrive; after that nothing is retried, as batches were
   * handed over: a body that breaks off, stalls or outlasts its time is 502 MP_UNAVAILABLE (curable), one past its size
   * or of another shape is 502 MP_UNAVAILABLE (incurable; the malformed one logged as call() does), and an error of
   * `onBatch` ends the call as it is.
   */
  async stream<P, T>(
    endpoint: Endpoint<P, T[]> | Endpoint<P, T[] | null>,
    options: CallOptions,
    params: P,
    onBatch: (batch: StreamedBatch<T>) => Promise<void>,
  ): Promise<StreamedAnswer> {
    const { scope, method, path } = endpoint;
    const response = endpoint.response as Partial<ArrayShape<T>>;
    if (!response.item) throw new Error(`${scope}:${path} answers no array of items, so it cannot be streamed`);
    const { item } = response;
    const exactKeys = response.exactKeys ?? new Set<string>();
    const call: MarketplaceCall = {
      ...options,
      scope,
      method,
      path,
      template: path,
      ...endpoint.request(params),
      exactKeys,
      streamed: true,
      tokenTypes: endpoint.tokenTypes,
    };
    const { status, mpRequestId, attempts, stream, body } = await this.request(call);
    const answer = { status, mpRequestId, attempts };
    if (!stream) {
      // A 2xx without a body: the end of a call that says so with 204, or no array at all.
      if (body === null && endpoint.response.check(null, 'body') === null) return { ...answer, items: 0 };
      throw this.malformed(endpoint, options, answer, 'body: expected an array');
    }
    let items = 0;
    const pickFrom = (batch: JsonArrayBatch, first: number, indexes?: number[]): PickedItems<T> => {
      const json = indexes ? jsonArrayOf(indexes.map((index) => itemText(batch, index))) : batch.json;
      const where = (index: number) => `body[${first + (indexes ? indexes[index] : index)}]`;
      const picked = parseCheckedArray(json, indexes?.length ?? batch.ends.length, exactKeys, item.check, where);
      if (typeof picked === 'string') throw this.malformed(endpoint, options, answer, picked);
      return { json, items: picked as T[] };
    };
    try {
      for await (const batch of jsonArrayBatches(stream, STREAM_BATCH_BYTES)) {
        const first = items;
        items += batch.ends.length;
        await onBatch({ ...batch, count: batch.ends.length, pick: (indexes) => pickFrom(batch, first, indexes) });
      }
    } catch (error) {
      if (error instanceof NotAJsonArray) throw this.malformed(endpoint, options, answer, `body: ${error.message}`);
      if (!(error instanceof StreamBroken)) throw error;
      const failure = { scope, path: canonicalPath(path), mpStatus: answer.status, mpRequestId: answer.mpRequestId };
      this.log(failure, call, answer.attempts, false);
      throw this.failed({ ...failure, mpStatus: null }, { failure: error.failure });
    }
    return { ...answer, items };
  }

  /** A 2xx answer of another shape than its endpoint's: logged with the first place that does not fit, never the body. */
  private malformed(
    endpoint: { scope: MpScope; method: HttpMethod; path: string },
    options: CallOptions,
    answer: { status: number; mpRequestId: string | null },
    problem: string,
  ): MarketplaceCallError {
    const failure = { scope: endpoint.scope, path: canonicalPath(endpoint.path), mpStatus: answer.status, mpRequestId: answer.mpRequestId };
    this.logger.warn(
      { ...failure, method: endpoint.method, accountId: options.accountId ?? null, problem },
      'marketplace answer malformed',
    );
    return new MarketplaceCallError('MP_UNAVAILABLE', 'Маркетплейс прислал ответ неожиданного вида', failure, false);
  }

  /** One exchange with retries, its body unchecked; modules reach the marketplace through call() and an endpoint. */
  async request<T = unknown>(call: MarketplaceCall): Promise<MarketplaceAnswer<T> & Pick<Exchange, 'stream'>> {
    const path = canonicalPath(call.template ?? call.path);
    // First: sandbox mode refuses a scope without a sandbox before anything else happens.
    const baseUrl = this.baseUrl(call.scope, path);
    const bucket: BucketId = { accountId: call.accountId ?? null, scope: call.scope, path: this.rules.bucketPath(call.scope, path) };
    const rule = this.rules.ruleFor(call.scope, path);
    const ceiling = ceilingMs(rule, this.config.rateLimitMaxWaitMs);
    for (let attempt = 1; ; attempt += 1) {
      await this.takeToken(bucket, rule, ceiling, call);
      const apiKey = call.apiKey ?? (await this.keys.plaintextKey(call.accountId!));
      const result = await exchange(baseUrl, call, apiKey, this.config);
      const retryIn = await this.settle(result, bucket, rule, ceiling, call, attempt);
      if (retryIn === null)
        return {
          status: result.status!,
          body: result.body as T,
          stream: result.stream,
          mpRequestId: result.mpRequestId,
          attempts: attempt,
        };
      if (retryIn > 0) await sleep(retryIn);
    }
  }

  /**
   * Spec: Authentication 11. In sandbox mode a scope without a sandbox is an explicit error naming the scope:
   * 502 MP_UNAVAILABLE, not retried, and no request leaves (never the production address).
   */
  private baseUrl(scope: MpScope, path: string): string {
    try {
      return scopeBaseUrl(this.appConfig, scope);
    } catch (error) {
      if (!(error instanceof SandboxNotAvailableError)) throw error;
      const failure = { scope, path, mpStatus: null, mpRequestId: null };
      throw new MarketplaceCallError(
        'MP_UNAVAILABLE',
        `У маркетплейса нет песочницы для области ${scope}: в режиме песочницы (MP_API_USE_SANDBOX=true) её методы недоступны`,
        failure,
        false,
      );
    }
  }

  /**
   * Reserves a token and waits for it, within the ceiling; a longer wait answers 429 (or, for a long job, delays the
   * job) without a call. A 429 that closed the bucket during the wait sends the caller back in the queue.
   */
  private async takeToken(bucket: BucketId, rule: RateRule, ceiling: number, call: MarketplaceCall): Promise<void> {
    const delayJob = call.onLongWait === 'delay-job';
    let waited = 0;
    for (;;) {
      const budget = (delayJob ? Math.min(ceiling, JOB_TOKEN_WAIT_MS) : ceiling) - waited;
      const { reserved, waitMs } = await this.buckets.take(bucket, rule, budget);
      if (!reserved) {
        this.metrics.waited(call.scope, waited);
        if (delayJob) throw new RateLimitDelay(Date.now() + waitMs, call.scope, bucket.path);
        const failure = { scope: call.scope, path: bucket.path, mpStatus: null, mpRequestId: null };
        throw new MarketplaceCallError(
          'TOO_MANY_REQUESTS',
          'Превышен лимит запросов к маркетплейсу, повторите позже',
          failure,
          true,
          Math.ceil(waitMs / 1000),
        );
      }
      if (waitMs > 0) {
        await sleep(waitMs);
        waited += waitMs;
        if ((await this.buckets.closedUntil(bucket)) > Date.now()) continue;
      }
      this.metrics.waited(call.scope, waited);
      return;
    }
  }

  /**
   * What an exchange means: null when it is the answer, otherwise the pause before the next attempt (0 when the
   * bucket itself holds the next attempt back). Throws when no attempt is left or none would help.
   */
  private async settle(
    result: Exchange,
    bucket: BucketId,
    rule: RateRule,
    ceiling: number,
    call: MarketplaceCall,
    attempt: number,
  ): Promise<number | null> {
    const status = result.status;
    this.metrics.call(call.scope, status === null ? result.failure! : `${Math.floor(status / 100)}xx`);
    if (result.rateHeaders) await this.buckets.narrow(bucket, rule, result.rateHeaders);
    if (call.clientErrorCost && status !== null && status >= 400 && status < 500 && status !== 429)
      await this.buckets.charge(bucket, rule, call.clientErrorCost - 1);
    if (status !== null && ((status >= 200 && status < 300) || call.accept?.includes(status))) return null;

    const failure: MarketplaceFailure = { scope: call.scope, path: bucket.path, mpStatus: status, mpRequestId: result.mpRequestId };
    const lastAttempt = attempt >= this.config.retryAttempts;
    const exponential = this.config.retryBaseMs * 2 ** (attempt - 1);
    if (status === 429) {
      this.metrics.received429(call.scope);
      const retryAfterMs = (result.rateHeaders?.retrySec ?? 0) * 1000;
      const pause = Math.min(Math.max(retryAfterMs, refillMs(rule), exponential), ceiling);
      // Also on the last attempt: nobody else may run into the same wall.
      await this.buckets.penalise(bucket, Date.now() + pause);
      this.log(failure, call, attempt, !lastAttempt);
      if (lastAttempt)
        throw new MarketplaceCallError(
          'TOO_MANY_REQUESTS',
          'Маркетплейс ограничил частоту запросов, повторите позже',
          failure,
          true,
          Math.ceil(pause / 1000),
        );
      this.metrics.retry(call.scope, '429');
      return 0;
    }
    const retryable = status === null ? result.failure === 'network' || result.failure === 'timeout' : status >= 500;
    this.log(failure, call, attempt, retryable && !lastAttempt);
    if (!retryable || lastAttempt) throw this.failed(failure, result, call.tokenTypes);
    this.metrics.retry(call.scope, status === null ? result.failure! : '5xx');
    return Math.min(exponential + Math.random() * exponential * 0.2, ceiling);
  }

  private failed(failure: MarketplaceFailure, result: Pick<Exchange, 'failure'>, tokenTypes?: readonly TokenType[]): MarketplaceCallError {
    const status = failure.mpStatus;
    if (status === 403 && tokenTypes) return tokenTypeRejected(failure, tokenTypes);
    if (status === 401 || status === 403)
      return new MarketplaceCallError(
        'MP_AUTH_FAILED',
        'Маркетплейс отклонил ключ кабинета: проверьте ключ и его категории',
        failure,
        false,
      );
    if (status === null) {
      const what = {
        network: 'не отвечает',
        timeout: 'не ответил вовремя',
        'body-timeout': 'не ответил вовремя',
        'too-large': 'прислал слишком большой ответ',
      }[result.failure!];
      return new MarketplaceCallError(
        'MP_UNAVAILABLE',
        `Маркетплейс ${what}, повторите позже`,
        failure,
        result.failure === 'network' || result.failure === 'timeout',
      );
    }
    if (status >= 500)
      return new MarketplaceCallError('MP_UNAVAILABLE', `Маркетплейс недоступен (HTTP ${status}), повторите позже`, failure, true);
    return new MarketplaceCallError('MP_UNAVAILABLE', `Маркетплейс отклонил запрос (HTTP ${status})`, failure, false);
  }

  private log(failure: MarketplaceFailure, call: MarketplaceCall, attempt: number, willRetry: boolean): void {
    this.logger.warn({ ...failure, method: call.method, accountId: call.accountId ?? null, attempt, willRetry }, 'marketplace call failed');
  }
}
