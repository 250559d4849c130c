import type { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';

import { AppError } from '../common/errors/app-error';
import type { AppConfig } from '../config/app-config';
import type { LlmAccountBudget } from './llm-account-budget';
import { CardTextsAnswer, CardTextsRequest, parseCardTexts } from './llm-card-texts';
import { failureOf, llmError } from './llm-failure';
import type { LlmMetrics } from './llm-metrics';
import { rewriteMessages, RewriteRequest } from './llm-prompt';

/**
 * The one way to the AI provider, an OpenAI-compatible chat-completions API. Each call is bounded by LLM_TIMEOUT_MS
 * and made once: the routes that use it answer a waiting user, for whom a retry would double the wait past the
 * timeout, and a refused or rate-limited call would only be refused again. Each call is counted first in its account's
 * daily budget and asks for at most LLM_MAX_TOKENS.
 */
export class LlmClient {
  /** The configured provider's client and model; null when LLM_BASE_URL is unset. */
  private readonly provider: { openai: OpenAI; model: string } | null;
  private readonly maxTokens: number;

  constructor(
    config: AppConfig['llm'],
    private readonly budget: LlmAccountBudget,
    private readonly metrics: LlmMetrics,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.maxTokens = config.maxTokens;
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

  /** The model's rewrite of the last quoted text, as the instructions ask, for the account whose daily budget it takes. */
  rewrite(accountId: string, request: RewriteRequest): Promise<string> {
    return this.complete(accountId, rewriteMessages(request), 'text');
  }

  /**
   * A card's title, description and characteristics, asked for as a JSON object; the card's, the marketplace's and the
   * knowledge base's texts reach the model only quoted. An answer that is not such an object is a problem the caller
   * shows, not an error: the AI was reached and answered.
   */
  async cardTexts(accountId: string, request: CardTextsRequest): Promise<CardTextsAnswer> {
    return parseCardTexts(await this.complete(accountId, rewriteMessages(request), 'json_object'));
  }

  private async complete(accountId: string, messages: ChatCompletionMessageParam[], format: 'text' | 'json_object'): Promise<string> {
    if (!this.provider) throw new AppError('LLM_UNAVAILABLE', 'AI-провайдер не настроен (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL)');
    await this.budget.take(accountId);
    let choice: ChatCompletion.Choice | undefined;
    try {
      const completion = await this.provider.openai.chat.completions.create({
        model: this.provider.model,
        messages,
        max_tokens: this.maxTokens,
        ...(format === 'json_object' ? { response_format: { type: format } } : {}),
      });
      choice = completion.choices[0];
    } catch (error) {
      const failure = failureOf(error);
      this.metrics.call(failure.kind);
      // The provider's message is left out: a refused key's message may repeat part of the key.
      this.logger.warn({ kind: failure.kind, llmStatus: failure.llmStatus }, 'AI provider call failed');
      throw llmError(failure);
    }
    this.metrics.call('2xx');
    // A text cut at max_tokens is not the text asked for: a reply must not end mid-sentence, nor JSON mid-value.
    if (choice?.finish_reason === 'length') {
      this.logger.warn({ kind: 'cut', llmStatus: 200 }, 'AI provider answer cut at max_tokens');
      throw new AppError('LLM_UNAVAILABLE', 'AI-провайдер оборвал ответ на пределе длины (LLM_MAX_TOKENS)', {
        details: { llmStatus: 200 },
      });
    }
    const text = choice?.message?.content;
    if (!text?.trim()) {
      this.logger.warn({ kind: 'empty', llmStatus: 200 }, 'AI provider answered without a text');
      throw new AppError('LLM_UNAVAILABLE', 'AI-провайдер прислал ответ без текста', { details: { llmStatus: 200 } });
    }
    return text.trim();
  }
}
