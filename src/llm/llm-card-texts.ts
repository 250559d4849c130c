import type { QuotedText } from './llm-prompt';

/** A characteristic as a card holds it: an array of strings, or a single number (reference 15.3 charcType 1 and 4). */
export interface CardCharacteristic {
  id: number;
  value: string[] | number;
}

/** The texts of a card the model writes. */
export interface CardTexts {
  title: string;
  description: string;
  characteristics: CardCharacteristic[];
}

/** What the model is to write for one card: our instructions and the card's material, each piece quoted as data. */
export interface CardTextsRequest {
  instructions: string;
  quoted: QuotedText[];
}

/** The model's texts, or why its answer cannot be used (the draft shows it as an issue). */
export type CardTextsAnswer = { texts: CardTexts; problem?: undefined } | { texts?: undefined; problem: string };

function isCharacteristic(value: unknown): value is CardCharacteristic {
  const candidate = value as Partial<CardCharacteristic> | null;
  if (typeof candidate !== 'object' || candidate === null || !Number.isSafeInteger(candidate.id)) return false;
  const charcValue = candidate.value;
  return (
    (typeof charcValue === 'number' && Number.isFinite(charcValue)) ||
    (Array.isArray(charcValue) && charcValue.every((item) => typeof item === 'string'))
  );
}

/** The model's answer read as the card's texts: a JSON object with a title, a description and the characteristics. */
export function parseCardTexts(answer: string): CardTextsAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return { problem: 'ИИ ответил не в формате JSON: тексты не получены' };
  }
  const candidate = parsed as Partial<Record<keyof CardTexts, unknown>> | null;
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate))
    return { problem: 'ИИ ответил не объектом JSON: тексты не получены' };
  if (typeof candidate.title !== 'string' || candidate.title.trim() === '') return { problem: 'В ответе ИИ нет названия' };
  if (typeof candidate.description !== 'string' || candidate.description.trim() === '') return { problem: 'В ответе ИИ нет описания' };
  const characteristics = candidate.characteristics ?? [];
  if (!Array.isArray(characteristics) || !characteristics.every(isCharacteristic))
    return { problem: 'Характеристики в ответе ИИ не в формате [{id, value}]' };
  return {
    texts: {
      title: candidate.title.trim(),
      description: candidate.description.trim(),
      characteristics: characteristics.map((charc) => ({ id: charc.id, value: charc.value })),
    },
  };
}
