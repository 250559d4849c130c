/**
 * How the emulated AI provider answers: `rewrite` (the default) a polite rephrase; `link`, `email` and `instruction`
 * the rephrase with a link, an e-mail address or a trace of a model's instructions in it; `rate-limit` 429 with
 * Retry-After; `server-error` 500; `hang` never answers. A request for a card's texts (a JSON answer) gets the card's
 * texts (llm-content.ts): `long-title` with a title over 60 characters, `bad-json` with no JSON at all, `link` with a link
 * in the description; the other text modes answer it as `rewrite`.
 */
export const LLM_MODES = [
  'rewrite',
  'link',
  'email',
  'instruction',
  'long-title',
  'bad-json',
  'rate-limit',
  'server-error',
  'hang',
] as const;
export type LlmMode = (typeof LLM_MODES)[number];

/** The key the emulated AI provider accepts (Authorization: Bearer <key>); any other answers 401. */
export const EMULATOR_LLM_API_KEY = 'emulator-llm-key';

export interface LlmScriptInput {
  mode: LlmMode;
  /** Only the next K calls, then `rewrite` again; without it, until the mode is set again or the emulator reset. */
  times?: number;
  /** Retry-After of `rate-limit`, seconds (default 7). */
  retryAfterSeconds?: number;
}

export interface LlmStep {
  mode: LlmMode;
  retryAfterSeconds: number;
}

const DEFAULT_RETRY_AFTER_SECONDS = 7;

/** The scripted mode of the emulated AI provider, set per test through the control API. */
export class LlmScript {
  private script: LlmScriptInput = { mode: 'rewrite' };

  set(input: LlmScriptInput): void {
    this.script = { ...input };
  }

  current(): LlmScriptInput {
    return this.script;
  }

  reset(): void {
    this.script = { mode: 'rewrite' };
  }

  /** The mode of this call, consuming one of its `times`. */
  next(): LlmStep {
    const { mode, times, retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS } = this.script;
    if (times !== undefined) {
      if (times <= 1) this.reset();
      else this.script.times = times - 1;
    }
    return { mode, retryAfterSeconds };
  }
}

/** The service's AI provider settings that point it at an emulator's OpenAI-compatible endpoint. */
export function serviceLlmEnv(emulatorUrl: string): { LLM_BASE_URL: string; LLM_API_KEY: string; LLM_MODEL: string } {
  return { LLM_BASE_URL: `${emulatorUrl}/llm/v1`, LLM_API_KEY: EMULATOR_LLM_API_KEY, LLM_MODEL: 'emulated' };
}
