import type { ChatMessage } from './llm-replies';

/** Enough for a test's calls; the oldest go first. */
const KEPT = 1000;

/**
 * The messages of every well-formed call the emulated AI provider received, oldest first, for a test to see what the
 * service sent the model; kept apart from the call log, which never holds a text.
 */
export class LlmPrompts {
  private readonly received: ChatMessage[][] = [];

  add(messages: ChatMessage[]): void {
    this.received.push(messages);
    if (this.received.length > KEPT) this.received.shift();
  }

  list(): ChatMessage[][] {
    return [...this.received];
  }

  clear(): void {
    this.received.length = 0;
  }
}
