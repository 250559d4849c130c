import { ChatMessage, textOf } from './llm-replies';
import type { LlmMode } from './llm-script';

/** What the service quotes for a card's texts, by the label of each quoted text. */
export const CONTENT_LABELS = {
  card: 'Карточка товара',
  charcs: 'Характеристики предмета',
  keywords: 'Поисковые запросы покупателей',
  facts: 'Факты о товаре из базы знаний',
  notes: 'Пожелания продавца',
} as const;

interface QuotedCard {
  title?: string;
  brand?: string;
  subjectName?: string;
  description?: string;
  characteristics?: { id: number; name?: string; value: unknown }[];
}

interface QuotedCharc {
  charcID: number;
  name: string;
  required: boolean;
  charcType: number;
  maxCount?: number;
}

/** The quoted texts of the messages, by label: each user message's last line is `{"quoted": {label, text}}`. */
function quotedByLabel(messages: ChatMessage[]): Map<string, string> {
  const quoted = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const content = textOf(message);
    try {
      const parsed = (JSON.parse(content.slice(content.lastIndexOf('\n') + 1)) as { quoted?: { label?: unknown; text?: unknown } }).quoted;
      if (typeof parsed?.label === 'string' && typeof parsed.text === 'string') quoted.set(parsed.label, parsed.text);
    } catch {
      // Not a quoted-data line.
    }
  }
  return quoted;
}

function parsed<T>(text: string | undefined, fallback: T): T {
  if (text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words of `text` up to `max` characters, cut at a word. */
function withinLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}

const SENTENCES = [
  'Модель продумана для ежедневного использования и сохраняет вид после многих стирок и носки.',
  'Материалы приятны на ощупь, швы аккуратные, фурнитура надёжная.',
  'Товар легко сочетать с вещами из базового гардероба и аксессуарами.',
  'Перед отправкой каждое изделие проходит проверку качества на складе продавца.',
  'Подходит для города, поездок и отдыха, а также в качестве подарка близким.',
  'Уход простой: следуйте рекомендациям на ярлыке, и изделие прослужит долго.',
];

/** A description of 1000-1500 characters that names each search phrase once, the same for the same card and phrases. */
function description(card: QuotedCard, keywords: string[]): string {
  const parts = [`${card.title ?? 'Товар'} — ${card.subjectName ?? 'товар'} бренда ${card.brand ?? 'продавца'}.`];
  for (const keyword of keywords) parts.push(`Подойдёт тем, кто ищет: ${keyword}.`);
  for (let n = 0; parts.join(' ').length < 1000; n++) parts.push(SENTENCES[n % SENTENCES.length]);
  return withinLength(parts.join(' '), 1500);
}

/** The card's characteristics, with a value for each required one the card lacks (a number for charcType 4). */
function characteristics(card: QuotedCard, charcs: QuotedCharc[]): { id: number; value: unknown }[] {
  const current = (card.characteristics ?? []).map((charc) => ({ id: charc.id, value: charc.value }));
  const have = new Set(current.map((charc) => charc.id));
  const added = charcs
    .filter((charc) => charc.required && !have.has(charc.charcID))
    .map((charc) => ({ id: charc.charcID, value: charc.charcType === 4 ? 250 : [`${charc.name}: по описанию`] }));
  return [...current, ...added];
}

/**
 * The answer to a request for a card's texts (the service asks for a JSON object): a title of the top search phrase and
 * the brand within 60 characters, a description naming the phrases, the characteristics with the required ones filled.
 * `long-title` answers a 61+ character title, `bad-json` an answer that is no JSON, `link` a description with a link.
 */
export function contentReply(mode: LlmMode, messages: ChatMessage[]): string {
  const quoted = quotedByLabel(messages);
  const card = parsed<QuotedCard>(quoted.get(CONTENT_LABELS.card), {});
  const keywords = parsed<{ text: string }[]>(quoted.get(CONTENT_LABELS.keywords), []).map((keyword) => keyword.text);
  const charcs = parsed<QuotedCharc[]>(quoted.get(CONTENT_LABELS.charcs), []);
  if (mode === 'bad-json') return 'Вот новое описание карточки: отличный товар!';
  const head = capitalised(keywords[0] ?? card.subjectName ?? card.title ?? 'Товар');
  const title = withinLength(`${head} ${card.brand ?? ''}`.trim(), 60);
  const answer = {
    title: mode === 'long-title' ? `${title} ${'премиум качество '.repeat(5)}`.slice(0, 75).trim() : title,
    description: mode === 'link' ? `${description(card, keywords)} Подробнее: https://shop.example/item` : description(card, keywords),
    characteristics: characteristics(card, charcs),
  };
  return JSON.stringify(answer);
}
