import { createHash } from 'node:crypto';

import type { LlmMode } from './llm-script';

/** One chat message as the chat-completions API takes it: text, or parts of which the text ones count. */
export interface ChatMessage {
  role: string;
  content: string | { type: string; text?: string }[] | null;
}

/** The text of a message: its string, or its text parts joined. */
export function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

/**
 * The text to rephrase: the quoted text of the last user message when its last line is the JSON
 * `{"quoted": {label, text}}` the service sends, otherwise that whole message.
 */
export function textToRewrite(messages: ChatMessage[]): string {
  const user = [...messages].reverse().find((message) => message.role === 'user');
  const content = user ? textOf(user) : '';
  const lastLine = content.slice(content.lastIndexOf('\n') + 1);
  try {
    const text = (JSON.parse(lastLine) as { quoted?: { text?: unknown } }).quoted?.text;
    if (typeof text === 'string') return text;
  } catch {
    // Not the quoted-data line: the whole message is the text.
  }
  return content;
}

const OPENINGS = ['Здравствуйте!', 'Добрый день!', 'Спасибо, что нашли время написать нам!'];
const CLOSINGS = ['Хорошего дня!', 'Будем рады видеть вас снова.', 'С уважением, команда магазина.'];

/** A polite rephrase fixed by the text: the same text always gets the same opening and closing. */
export function politeRewrite(text: string): string {
  const hash = createHash('sha256').update(text).digest();
  return `${OPENINGS[hash[0] % OPENINGS.length]} ${text.trim()} ${CLOSINGS[hash[1] % CLOSINGS.length]}`;
}

/** The answer text of a mode that answers with a text. */
export function scriptedReply(mode: Extract<LlmMode, 'rewrite' | 'link' | 'email' | 'instruction'>, text: string): string {
  const rewrite = politeRewrite(text);
  if (mode === 'link') return `${rewrite} Подробности на нашем сайте: https://shop.example/help`;
  if (mode === 'email') return `${rewrite} Напишите нам: support@shop.example`;
  if (mode === 'instruction') return `As an AI language model, here is the rewritten reply: ${rewrite}`;
  return rewrite;
}
