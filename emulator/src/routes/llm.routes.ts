import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { contentReply } from '../llm-content';
import { ChatMessage, scriptedReply, textToRewrite } from '../llm-replies';
import { EMULATOR_LLM_API_KEY, LlmMode } from '../llm-script';
import type { EmulatorContext } from '../pipeline';

/** The emulated AI provider is at `<url>/llm/v1`: the base address an OpenAI client takes. */
export const LLM_PREFIX = '/llm';
const COMPLETIONS_PATH = '/v1/chat/completions';

/** The error body of the OpenAI API. */
function openAiError(reply: FastifyReply, status: number, message: string, type: string, code: string | null): FastifyReply {
  return reply.status(status).send({ error: { message, type, param: null, code } });
}

/** The body's model and messages, or what is wrong with it. */
function readBody(body: unknown): { model: string; messages: ChatMessage[]; maxTokens: number | null; json: boolean } | string {
  const { model, messages } = (body ?? {}) as { model?: unknown; messages?: unknown };
  if (typeof model !== 'string' || model === '') return 'model: a non-empty string is required';
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: a non-empty array is required';
  const wellFormed = messages.every(
    (message: unknown) =>
      typeof message === 'object' &&
      message !== null &&
      typeof (message as ChatMessage).role === 'string' &&
      (typeof (message as ChatMessage).content === 'string' || Array.isArray((message as ChatMessage).content)),
  );
  if (!wellFormed) return 'messages: each needs a role and a content';
  const sent = (body as { max_tokens?: unknown }).max_tokens;
  if (sent !== undefined && sent !== null && !(Number.isInteger(sent) && (sent as number) >= 1))
    return 'max_tokens: a positive integer is required';
  const format = (body as { response_format?: { type?: unknown } }).response_format;
  return { model, messages: messages as ChatMessage[], maxTokens: maxTokensOf(body), json: format?.type === 'json_object' };
}

/** The request's max_tokens, null when it sent none (or no number). */
function maxTokensOf(body: unknown): number | null {
  const sent = (body as { max_tokens?: unknown } | null)?.max_tokens;
  return typeof sent === 'number' ? sent : null;
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The answer within max_tokens (a word counts as a token here): cut, with finish_reason length, when longer. */
function withinMaxTokens(content: string, maxTokens: number | null): { content: string; finishReason: 'stop' | 'length' } {
  if (maxTokens === null || words(content) <= maxTokens) return { content, finishReason: 'stop' };
  return { content: content.split(/\s+/).filter(Boolean).slice(0, maxTokens).join(' '), finishReason: 'length' };
}

/** The text modes answer a rewrite; the modes of a card's texts answer it as the default. */
function textMode(mode: LlmMode): Parameters<typeof scriptedReply>[0] {
  return mode === 'link' || mode === 'email' || mode === 'instruction' ? mode : 'rewrite';
}

/** Every call in the shared call log, scope `llm`, without the key; status 0 when it was never answered. */
function record(context: EmulatorContext, request: FastifyRequest, status: number, durationMs: number): void {
  const atMs = Date.now() - durationMs;
  context.calls.add({
    at: new Date(atMs).toISOString(),
    atMs,
    sellerId: null,
    tokenId: null,
    scope: 'llm',
    method: request.method,
    path: COMPLETIONS_PATH,
    url: request.url,
    status,
    durationMs: Math.round(durationMs),
    maxTokens: maxTokensOf(request.body),
  });
}

/** An OpenAI-compatible chat-completions endpoint answering deterministic rewrites, or the scripted mode. */
export function registerLlmRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.addHook('onResponse', async (request, reply) => record(context, request, reply.statusCode, reply.elapsedTime));

  app.post(COMPLETIONS_PATH, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${EMULATOR_LLM_API_KEY}`)
      return openAiError(reply, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    const body = readBody(request.body);
    if (typeof body === 'string') return openAiError(reply, 400, body, 'invalid_request_error', null);
    context.llmPrompts.add(body.messages);

    const step = context.llm.next();
    if (step.mode === 'hang') {
      // Never answered: the client's timeout ends it (the server closes the socket on shutdown).
      reply.hijack();
      record(context, request, 0, reply.elapsedTime);
      return reply;
    }
    if (step.mode === 'rate-limit') {
      reply.header('retry-after', String(step.retryAfterSeconds));
      return openAiError(reply, 429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded');
    }
    if (step.mode === 'server-error')
      return openAiError(reply, 500, 'The server had an error while processing your request.', 'server_error', null);

    const prompt = body.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
    const answer = body.json ? contentReply(step.mode, body.messages) : scriptedReply(textMode(step.mode), textToRewrite(body.messages));
    const { content, finishReason } = withinMaxTokens(answer, body.maxTokens);
    const id = createHash('sha256').update(prompt).digest('hex').slice(0, 24);
    return {
      id: `chatcmpl-${id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: words(prompt), completion_tokens: words(content), total_tokens: words(prompt) + words(content) },
    };
  });
}
