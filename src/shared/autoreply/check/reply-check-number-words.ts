import { WORD_CHARACTERS } from './reply-check-normalise';

// Number words a phone can be dictated with ("восемь девятьсот шестнадцать …", "eight nine one six …"), by value.
const NUMBER_WORDS: Record<string, number> = {
  ноль: 0,
  нуль: 0,
  один: 1,
  одна: 1,
  одно: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  одиннадцать: 11,
  двенадцать: 12,
  тринадцать: 13,
  четырнадцать: 14,
  пятнадцать: 15,
  шестнадцать: 16,
  семнадцать: 17,
  восемнадцать: 18,
  девятнадцать: 19,
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  шестьдесят: 60,
  семьдесят: 70,
  восемьдесят: 80,
  девяносто: 90,
  сто: 100,
  двести: 200,
  триста: 300,
  четыреста: 400,
  пятьсот: 500,
  шестьсот: 600,
  семьсот: 700,
  восемьсот: 800,
  девятьсот: 900,
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

// Each word ends at a word end, so a run never backtracks into a word; the longer words come first.
const NUMBER_WORD = `(?:${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})(?![${WORD_CHARACTERS}])`;
// Number words in a row, apart by spaces, commas or dashes, after the character that starts the first word (kept as
// it is): a consumed non-letter scans faster than a look-behind.
const NUMBER_WORD_RUN = new RegExp(`(^|[^${WORD_CHARACTERS}])(${NUMBER_WORD}(?:[ ,-]{1,3}${NUMBER_WORD})*)`, 'g');
const LETTERS = new RegExp(`[${WORD_CHARACTERS}]+`, 'g');

/** Place of a value's highest digit: 0 units, 1 tens (and teens, which fill the units too), 2 hundreds. */
function placeOf(value: number): number {
  return value >= 100 ? 2 : value >= 10 ? 1 : 0;
}

/** The highest place a number may still take after this word: tens after hundreds, units after tens, none else. */
function openPlaceAfter(value: number): number {
  return value >= 100 ? 1 : value >= 20 && value % 10 === 0 ? 0 : -1;
}

/**
 * The numbers a run of words says, as dictated: each word joins the number before it while it fills a lower place
 * ("девятьсот шестнадцать" 916, "сорок пять" 45, "eight hundred" 800), else it starts the next one; zero stands alone.
 */
function spokenNumbers(run: string): string {
  const numbers: number[] = [];
  let open = -1;
  let unitAlone = false;
  for (const [word] of run.matchAll(LETTERS)) {
    const value = NUMBER_WORDS[word];
    if (word === 'hundred' && unitAlone) numbers[numbers.length - 1] *= 100;
    else if (value !== 0 && placeOf(value) <= open) numbers[numbers.length - 1] += value;
    else numbers.push(value);
    unitAlone = value > 0 && value < 10 && open < 0;
    open = openPlaceAfter(word === 'hundred' ? 100 : value);
  }
  return numbers.join(' ');
}

/** The text with every run of number words written as the numbers it says: "восемь девятьсот шестнадцать" → "8 916". */
export function withNumberWordsAsDigits(text: string): string {
  return text.replace(NUMBER_WORD_RUN, (_run, before: string, words: string) => before + spokenNumbers(words));
}
