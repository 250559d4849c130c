import type { Logger } from '@nestjs/common';
import OpenAI from 'openai';

import { AppError } from '../common/errors/app-error';
import type { AppConfig } from '../config/app-config';
import { failureOf, llmError } from './llm-failure';
import type { LlmMetrics } from './llm-metrics';
import { rewriteMessages, RewriteRequest } from './llm-prompt';

/**
 * The one way to the AI provider, an OpenAI-compatible chat-completions API. Each call is bounded by LLM_TIMEOUT_MS
 * and made once: the routes that use it answer a waiting user, for whom a retry would double the wait past the
 * timeout, and a refused or rate-limited call would only be refused again.
 */
export class LlmClient {
  /** The configured provider's client and model; null when LLM_BASE_URL is unset. */
  private readonly provider: { openai: OpenAI; model: string } | null;

  constructor(
    config: AppConfig['llm'],
    private readonly metrics: LlmMetrics,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    const provider = config.provider;
    this.provider = provider && {
      model: provider.model,
      openai: new OpenAI({
        baseURL: provider.baseUrl,
        apiKey: provider.apiKey,
        // Explicit, so that the client reads no OPENAI_* variable of the environment.
        organization: null,
        project: null,
        timeout: config.timeoutMs,
        // The client would retry twice by default; see above why a call is made once.
        maxRetries: 0,
        // Its own log lines could carry the request; ours carry neither the key nor the texts.
        logLevel: 'off',
      }),
    };
  }

  /** The model's rewrite of the last quoted text, as the instructions ask. */
  async rewrite(request: RewriteRequest): Promise<string> {
    if (!this.provider) throw new AppError('LLM_UNAVAILABLE', 'AI-провайдер не настроен (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)');
    let text: string | null | undefined;
    try {
      const completion = await this.provider.openai.chat.completions.create({
        model: this.provider.model,
        messages: rewriteMessages(request),
      });
      text = completion.choices[0]?.message?.content;
    } catch (error) {
      const failure = failureOf(error);
      this.metrics.call(failure.kind);
      // The provider's message is left out: a refused key's message may repeat part of the key.
      this.logger.warn({ kind: failure.kind, llmStatus: failure.llmStatus }, 'AI provider call failed');
      throw llmError(failure);
    }
    this.metrics.call('2xx');
    if (!text?.trim()) {
      this.logger.warn({ kind: 'empty', llmStatus: 200 }, 'AI provider answered without a text');
      throw new AppError('LLM_UNAVAILABLE', 'AI-провайдер прислал ответ без текста', { details: { llmStatus: 200 } });
    }
    return text.trim();
  }
}
