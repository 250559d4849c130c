import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { CallLog } from './call-log';
import { DRIP_INTERVAL_MS, FaultRule, Faults } from './faults';
import { limitFor } from './limits';
import type { LlmPrompts } from './llm-prompts';
import type { LlmScript } from './llm-script';
import { problem, sendProblem } from './problem';
import { RateLimiter } from './rate-limiter';
import type { Scope } from './scopes';
import { Seller, Sellers, tokenId } from './sellers';
import { tokenFromHeader, TokenInfo } from './tokens';

/** What a marketplace route declares in its Fastify config. */
export interface MarketplaceRouteConfig {
  scope: Scope;
  /** The marketplace path template, e.g. /content/v2/get/cards/list. */
  path: string;
  /** The call log keeps the request's body: the call's parameters are in it. */
  logBody?: true;
}

export interface EmulatorContext {
  sellers: Sellers;
  faults: Faults;
  limiter: RateLimiter;
  calls: CallLog;
  limits: { enabled: boolean; timeScale: number };
  settings: { priceApplyDelayMs: number; mediaApplyDelayMs: number };
  /** The scripted mode of the emulated AI provider. */
  llm: LlmScript;
  /** The messages the emulated AI provider received. */
  llmPrompts: LlmPrompts;
}

export interface AuthenticatedCall {
  seller: Seller;
  token: TokenInfo;
}

declare module 'fastify' {
  interface FastifyRequest {
    marketplace?: AuthenticatedCall;
    /** Set once the call is in the call log. */
    logged?: boolean;
  }
}

function routeConfig(request: FastifyRequest): MarketplaceRouteConfig | undefined {
  const config = request.routeOptions.config as Partial<MarketplaceRouteConfig> | undefined;
  return config?.scope && config.path ? (config as MarketplaceRouteConfig) : undefined;
}

/** The call log entry of a call, once; status 0 when no answer reached the client (hang, close, stall, or it went away). */
function record(
  context: EmulatorContext,
  route: MarketplaceRouteConfig,
  request: FastifyRequest,
  status: number,
  durationMs: number,
): void {
  if (request.logged) return;
  request.logged = true;
  const raw = tokenFromHeader(request.headers.authorization);
  const atMs = Date.now() - durationMs;
  context.calls.add({
    at: new Date(atMs).toISOString(),
    atMs,
    sellerId: request.marketplace?.seller.id ?? (raw ? (context.sellers.byToken(raw)?.seller.id ?? null) : null),
    tokenId: raw ? tokenId(raw) : null,
    scope: route.scope,
    method: request.method,
    path: route.path,
    url: request.url,
    status,
    durationMs: Math.round(durationMs),
    ...(route.logBody ? { body: request.body } : {}),
  });
}

async function applyFault(rule: FaultRule, request: FastifyRequest, reply: FastifyReply, onHijack: () => void): Promise<boolean> {
  if (rule.latencyMs) await sleep(rule.latencyMs);
  if (rule.mode) {
    reply.hijack();
    onHijack();
    // hang: never answered, the client's timeout ends it (the server closes the socket on shutdown).
    if (rule.mode === 'close') request.raw.socket.destroy();
    if (rule.mode === 'stall') {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write(typeof rule.body === 'string' ? rule.body : '{"data":');
    }
    if (rule.mode === 'drip') {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write(typeof rule.body === 'string' ? rule.body : '[');
      const drip = setInterval(() => reply.raw.write(' '), DRIP_INTERVAL_MS);
      reply.raw.once('close', () => clearInterval(drip));
    }
    return true;
  }
  if (rule.status === undefined) return false;
  if (rule.headers) reply.headers(rule.headers);
  if (rule.body !== undefined) {
    await reply.status(rule.status).send(rule.body);
    return true;
  }
  if (rule.status === 429) reply.header('X-Ratelimit-Retry', '1').header('X-Ratelimit-Limit', '1').header('X-Ratelimit-Reset', '1');
  const titles: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not found', 429: 'too many requests' };
  await sendProblem(reply, problem(rule.status, titles[rule.status] ?? 'internal server error', 'injected by the emulator'));
  return true;
}

/**
 * Every marketplace call: faults first (an outage ignores tokens), then the token and its category
 * (reference 0.2: a category that does not match the scope is 401), then the token bucket with its headers.
 */
export function marketplacePreHandler(context: EmulatorContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = routeConfig(request);
    if (!route) return;
    // A client that goes away before the answer (the call may still act, as on a real server) leaves no response
    // to log: the call is logged when its connection closes unanswered.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) record(context, route, request, 0, reply.elapsedTime);
    });
    const fault = context.faults.match(route.scope, route.path);
    if (fault && (await applyFault(fault, request, reply, () => record(context, route, request, 0, reply.elapsedTime)))) return;

    const raw = tokenFromHeader(request.headers.authorization);
    if (!raw) {
      await sendProblem(reply, problem(401, 'unauthorized', 'token problem; token is malformed: could not parse authorization header'));
      return;
    }
    const found = context.sellers.byToken(raw);
    if (!found) {
      await sendProblem(reply, problem(401, 'unauthorized', 'token problem; token is not valid'));
      return;
    }
    if (route.scope !== 'common' && !found.token.categories.includes(route.scope)) {
      await sendProblem(reply, problem(401, 'unauthorized', `token scope not allowed for this API route: ${route.scope}`));
      return;
    }
    request.marketplace = found;

    const rule = context.limits.enabled ? limitFor(route.scope, route.path, found.token.type) : null;
    if (!rule) return;
    const taken = context.limiter.take(`${raw}|${rule.bucket}`, {
      ...rule.limit,
      periodMs: rule.limit.periodMs * context.limits.timeScale,
    });
    if (!taken.allowed) {
      reply
        .header('X-Ratelimit-Retry', String(taken.retrySec))
        .header('X-Ratelimit-Limit', String(rule.limit.burst))
        .header('X-Ratelimit-Reset', String(taken.resetSec));
      await sendProblem(reply, problem(429, 'too many requests', `limited by ${found.token.sellerId}`));
      return;
    }
    reply.header('X-Ratelimit-Remaining', String(taken.remaining));
  };
}

/** Records every marketplace call once it has been answered; a 4xx of a call whose rule says so takes its extra cost. */
export function callLogHook(context: EmulatorContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = routeConfig(request);
    if (!route) return;
    record(context, route, request, reply.statusCode, reply.elapsedTime);
    const status = reply.statusCode;
    const found = request.marketplace;
    if (!found || status < 400 || status >= 500 || status === 429 || !context.limits.enabled) return;
    const rule = limitFor(route.scope, route.path, found.token.type);
    if (rule?.clientErrorCost) context.limiter.charge(`${found.token.token}|${rule.bucket}`, rule.clientErrorCost - 1);
  };
}

export function callerOf(request: FastifyRequest): AuthenticatedCall {
  if (!request.marketplace) throw new Error('marketplace route without an authenticated caller');
  return request.marketplace;
}
