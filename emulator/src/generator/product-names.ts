/** Gender and number of a Russian noun: the form an adjective takes after it. */
export type NounForm = 'm' | 'f' | 'n' | 'plural';

/** A product noun as a title starts with it: «Футболка» (f), «Джинсы» (plural), «Чехол для телефона» (m, agreeing with «Чехол»). */
export interface ProductNoun {
  name: string;
  form: NounForm;
}

/** An adjective in each form it takes after a noun. */
export type Adjective = Record<NounForm, string>;

function adjective(m: string, f: string, n: string, plural: string): Adjective {
  return { m, f, n, plural };
}

export const ADJECTIVES: readonly Adjective[] = [
  adjective('лёгкий', 'лёгкая', 'лёгкое', 'лёгкие'),
  adjective('новый', 'новая', 'новое', 'новые'),
  adjective('классический', 'классическая', 'классическое', 'классические'),
  adjective('спортивный', 'спортивная', 'спортивное', 'спортивные'),
  adjective('яркий', 'яркая', 'яркое', 'яркие'),
  adjective('базовый', 'базовая', 'базовое', 'базовые'),
  adjective('премиальный', 'премиальная', 'премиальное', 'премиальные'),
  adjective('стильный', 'стильная', 'стильное', 'стильные'),
];

/** «Футболка яркая»: the noun, then the adjective in the noun's gender and number. */
export function productName(noun: ProductNoun, adjective: Adjective): string {
  return `${noun.name} ${adjective[noun.form]}`;
}
