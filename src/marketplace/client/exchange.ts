import { parseExact, stringifyExact } from './exact-json';
import type { MarketplaceCall } from './marketplace-client';
import type { RateHeaders } from './rate-buckets';

export type ExchangeFailure = 'network' | 'timeout' | 'body-timeout' | 'too-large';

/** One request and its answer, or how it failed without one. */
export interface Exchange {
  status: number | null;
  body: unknown;
  /** A streamed call's 2xx body, unread (body is then null). */
  stream?: AsyncIterable<Uint8Array>;
  mpRequestId: string | null;
  rateHeaders: RateHeaders | null;
  failure?: ExchangeFailure;
}

class ExchangeTimeout extends Error {
  constructor(readonly kind: 'timeout' | 'body-timeout') {
    super(kind);
  }
}

/**
 * A streamed body that did not come whole: the connection failed, no byte came within MP_API_TIMEOUT_MS or the whole
 * body not within MP_API_STREAM_TIMEOUT_MS (timeout), or it grew past MP_API_MAX_STREAM_BYTES (too-large).
 */
export class StreamBroken extends Error {
  constructor(
    readonly failure: Extract<ExchangeFailure, 'network' | 'timeout' | 'too-large'>,
    options?: ErrorOptions,
  ) {
    super(`answer stream broken: ${failure}`, options);
  }
}

/** The bounds of a streamed body: each wait for more bytes, the whole body's time from the headers, and its size. */
interface StreamBounds {
  idleMs: number;
  totalMs: number;
  maxBytes: number;
}

/**
 * A body read as it arrives within its bounds: a slow drip that never ends, or an answer that never stops growing, is
 * cut off rather than holding a worker. A wait for more bytes starts when the reader asks for them: the time the reader
 * spends on a chunk (writing a batch to the database) is not the marketplace's. Leaving the loop early cancels the
 * body, so the connection is not held.
 */
async function* bounded(body: AsyncIterable<Uint8Array>, controller: AbortController, bounds: StreamBounds): AsyncGenerator<Uint8Array> {
  const timeout = () => controller.abort(new ExchangeTimeout('timeout'));
  let idle = setTimeout(timeout, bounds.idleMs);
  const total = setTimeout(timeout, bounds.totalMs);
  let received = 0;
  try {
    for await (const chunk of body) {
      clearTimeout(idle);
      received += chunk.byteLength;
      if (received > bounds.maxBytes) throw new StreamBroken('too-large');
      yield chunk;
      idle = setTimeout(timeout, bounds.idleMs);
    }
  } catch (error) {
    if (error instanceof StreamBroken) throw error;
    throw new StreamBroken(controller.signal.reason instanceof ExchangeTimeout ? 'timeout' : 'network', { cause: error });
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
  }
}

/** An answer body over MP_API_MAX_BODY_BYTES: reading stops there. */
class BodyTooLarge extends Error {}

/** The body as text, read as it arrives and abandoned past maxBytes, so that an oversized answer is never held whole. */
async function readBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel();
    if (declared > maxBytes) throw new BodyTooLarge();
    return '';
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of response.body) {
    received += chunk.byteLength;
    if (received > maxBytes) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

/** Reference 0.4: X-Ratelimit-Remaining on answers, Retry/Limit/Reset on a 429; Retry-After is read as Retry. */
function rateHeadersOf(headers: Headers): RateHeaders | null {
  const found: RateHeaders = {
    remaining: headerNumber(headers, 'x-ratelimit-remaining'),
    limit: headerNumber(headers, 'x-ratelimit-limit'),
    resetSec: headerNumber(headers, 'x-ratelimit-reset'),
    retrySec: headerNumber(headers, 'x-ratelimit-retry') ?? headerNumber(headers, 'retry-after'),
  };
  const present = Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as RateHeaders;
  return Object.keys(present).length > 0 ? present : null;
}

/** The marketplace's request id: a header, or requestId / request_id in an error body. */
function requestIdOf(headers: Headers, body: unknown): string | null {
  const fromHeader = headers.get('x-request-id');
  if (fromHeader) return fromHeader;
  if (body && typeof body === 'object') {
    const record = body as { requestId?: unknown; request_id?: unknown };
    const id = record.requestId ?? record.request_id;
    if (typeof id === 'string' && id !== '') return id;
  }
  return null;
}

function parseBody(text: string, contentType: string | null, exactKeys: ReadonlySet<string>): unknown {
  if (text === '') return null;
  if (contentType && /json/i.test(contentType)) {
    try {
      return parseExact(text, exactKeys);
    } catch {
      return text;
    }
  }
  return text;
}

/** A file as multipart/form-data (fetch sets its boundary), otherwise the JSON body. */
function requestBody(call: MarketplaceCall, exactKeys: ReadonlySet<string>): FormData | string | undefined {
  if (call.upload) {
    const { field, bytes, fileName, contentType } = call.upload;
    const form = new FormData();
    form.append(field, new Blob([bytes], { type: contentType }), fileName);
    return form;
  }
  return call.body === undefined ? undefined : stringifyExact(call.body, exactKeys);
}

function urlOf(baseUrl: string, call: MarketplaceCall): string {
  const url = new URL(`${baseUrl}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

/**
 * Sends one request with the key in Authorization. The whole exchange is bounded by MP_API_TIMEOUT_MS; with an
 * explicit body budget, reading the body after the headers is bounded by it instead. A redirect is not followed
 * (the key would go wherever it points): its 3xx is the answer. The body is read up to MP_API_MAX_BODY_BYTES, except a
 * streamed call's 2xx body: it is handed over unread, within its own bounds (StreamBounds).
 */
export async function exchange(
  baseUrl: string,
  call: MarketplaceCall,
  apiKey: string,
  limits: { timeoutMs: number; maxBodyBytes: number; maxStreamBytes: number; streamTimeoutMs: number },
): Promise<Exchange> {
  const { timeoutMs, maxBodyBytes } = limits;
  const exactKeys = call.exactKeys ?? new Set<string>();
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(new ExchangeTimeout('timeout')), timeoutMs);
  try {
    const response = await fetch(urlOf(baseUrl, call), {
      method: call.method,
      headers: {
        ...call.headers,
        Authorization: apiKey,
        Accept: 'application/json',
        ...(call.body === undefined || call.upload ? {} : { 'Content-Type': 'application/json' }),
      },
      body: requestBody(call, exactKeys),
      signal: controller.signal,
      redirect: 'manual',
    });
    const ok = response.status >= 200 && response.status < 300;
    if (call.streamed && ok && response.body)
      return {
        status: response.status,
        body: null,
        stream: bounded(response.body, controller, {
          idleMs: timeoutMs,
          totalMs: limits.streamTimeoutMs,
          maxBytes: limits.maxStreamBytes,
        }),
        mpRequestId: requestIdOf(response.headers, null),
        rateHeaders: rateHeadersOf(response.headers),
      };
    if (call.bodyTimeoutMs !== undefined) {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new ExchangeTimeout('body-timeout')), call.bodyTimeoutMs);
    }
    const body = parseBody(await readBody(response, maxBodyBytes), response.headers.get('content-type'), exactKeys);
    return {
      status: response.status,
      body,
      mpRequestId: requestIdOf(response.headers, body),
      rateHeaders: rateHeadersOf(response.headers),
    };
  } catch (error) {
    const reason = controller.signal.reason;
    const failure = error instanceof BodyTooLarge ? 'too-large' : reason instanceof ExchangeTimeout ? reason.kind : 'network';
    return { status: null, body: null, mpRequestId: null, rateHeaders: null, failure };
  } finally {
    clearTimeout(timer);
  }
}
