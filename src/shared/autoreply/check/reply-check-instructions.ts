import { WORD_CHARACTERS } from './reply-check-normalise';

// Traces of AI service instructions in a reply or complaint (spec, Reply rule 4; Reply rule 7 for complaints), and
// the same families as injection signs in a buyer's feedback (spec, States: Complaint). They read `CheckedText.lines`:
// lower case, one space between words, line breaks kept.

const WORD_START = `(?:^|[^${WORD_CHARACTERS}])`;
// A model speaking of itself or spoken to: "as an AI", "как языковая модель", "you are ChatGPT", "ты — нейросеть".
const MODEL_MENTION = String.raw`(?:as an? (?:ai|artificial intelligence|language model|assistant)|(?:i am|i'm|you are|you're) (?:an? )?(?:ai|language model|chatbot|large language model)|как (?:ии|ai|искусственный интеллект|языковая модель|нейросеть|чат-бот)|(?:я|ты)(?: -)? (?:ии|ai|искусственный интеллект|языковая модель|нейросеть|чат-бот|бот)|языков(?:ая|ой|ую) модел|language model|chatgpt|openai|llm)(?![${WORD_CHARACTERS}])`;
// Pieces of a prompt or of a model's wrapping: "system prompt", "your task is", "here is the rewritten", "вот переписанный".
const PROMPT_FRAGMENT = String.raw`(?:prompt|промпт|your task is|твоя задача|new instructions|новые инструкции|respond only|отвечай только|here is (?:the |a |your )?(?:rewritten|revised|improved|polite)|here's (?:the |a |your )?(?:rewritten|revised|improved|polite)|rewritten (?:text|reply|response):|вот (?:переписанный|перефразированный|отредактированный|улучшенный|исправленный) (?:текст|ответ|вариант)|вариант ответа:|(?:переписанный|перефразированный) текст:)`;

/**
 * Families of instruction traces; a buyer's text showing any of them is treated as an attempt to steer the model.
 * Each opens at a word start: a look-behind where the first words are rare, a consumed non-letter in the two families
 * whose first words ("как", "я", "вот") are common, where that scans about twice as fast.
 */
const INSTRUCTION_FAMILIES = {
  // "system:", "Assistant:", "<|im_start|>", "[INST]", "<<SYS>>", "### Instruction"; a role is read from its colon, a sign
  // replies seldom hold, and the role word is checked behind it.
  'role-marker': new RegExp(
    String.raw`:(?<=(?<![${WORD_CHARACTERS}])(?:system|assistant|developer|user|human|ai|chatgpt|ассистент|система|пользователь|ии) ?:)|<\|[a-z_]{2,20}\|?>|\[\/?inst\]|<<\/?sys>>|#{2,6} ?(?:instruction|response|system|prompt|input|output|инструкция|ответ|задача|промпт)`,
  ),
  // "ignore previous instructions", "disregard all prior rules", "игнорируй предыдущие инструкции", "забудь все указания".
  'ignore-previous': new RegExp(
    String.raw`(?:ignore|disregard|forget|override) (?:all |any )?(?:of )?(?:the |your |my )?(?:previous |prior |above |earlier |preceding |system )?(?:instructions?|prompts?|rules|directions|messages)|(?:игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|не учитывай|не учитывайте|отмени|отмените) (?:все )?(?:предыдущие |прошлые |прежние |вышеуказанные |системные |свои |твои )?(?:инструкции|указания|правила|команды|промпты|установки)`,
  ),
  'model-mention': new RegExp(WORD_START + MODEL_MENTION),
  'prompt-fragment': new RegExp(WORD_START + PROMPT_FRAGMENT),
} as const;

export type InjectionSign = keyof typeof INSTRUCTION_FAMILIES;

/** Every kind of injection sign, in the order they are reported. */
export const INJECTION_SIGNS = Object.keys(INSTRUCTION_FAMILIES) as InjectionSign[];

export function instructionFamilies(lines: string): InjectionSign[] {
  return INJECTION_SIGNS.filter((name) => INSTRUCTION_FAMILIES[name].test(lines));
}

// The check needs no family's name: the two families read from a word start share one scan.
const FROM_WORD_START = new RegExp(`${WORD_START}(?:${MODEL_MENTION}|${PROMPT_FRAGMENT})`);

export function hasInstruction(lines: string): boolean {
  return (
    INSTRUCTION_FAMILIES['role-marker'].test(lines) || INSTRUCTION_FAMILIES['ignore-previous'].test(lines) || FROM_WORD_START.test(lines)
  );
}

// Unfilled template fields: "{{ name }}", "{% if %}", "${name}", or a model's "[Your Name]" / "[название магазина]".
const PLACEHOLDER = /\{\{|\}\}|\{%|%\}|\$\{|\[(?:ваш|имя|назван|name|your|company)[^[\]\n]{0,60}\]/;
// Markdown a marketplace shows as raw signs: headers, code fences, bold, links. A header is read from its "#", its line
// start checked behind, so that no line start is tried.
const MARKDOWN = /#{1,6} \S(?<=(?:^|\n) ?#{1,6} \S)|```|~~~|\*\*[^*\n]{1,200}\*\*|__[^_\n]{1,200}__|\]\(/;

export function hasPlaceholder(lines: string): boolean {
  return PLACEHOLDER.test(lines);
}

export function hasMarkdown(lines: string): boolean {
  return MARKDOWN.test(lines);
}
