/**
 * The text prepared once for every detector of the publication check (spec, Reply rule 4; complaints, Reply rule 7),
 * so that each detector stays one simple, linear pattern.
 */
export interface CheckedText {
  /** Lower case, compatibility forms folded, ё as е, invisible characters dropped, dashes as "-", runs of spaces as one; line breaks kept. */
  lines: string;
  /** `lines` on one line with contact obfuscations undone: spaced-out letters joined, "dot"/"точка"/"[.]" as ".", "собака"/"(at)" as "@". */
  contact: string;
}

const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
const SPACES = /[\t\v\f \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;
const LINE_BREAKS = /\r\n?|[\u2028\u2029\u0085]/g;
const LATIN = /[a-z]/;
const CYRILLIC = /[а-я]/;
const WORD = /\p{L}+/gu;

/** Cyrillic letters drawn like Latin ones, used to disguise a Latin address ("ехаmple.com" with Cyrillic е, х, а). */
const LATIN_LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
};
const LOOKALIKE = /[авеіјкмнорстухѕԁ]/g;

const BRACKETED_DOT = /[[({<] ?(?:\.|dot|точка|тчк) ?[\])}>]/g;
const BRACKETED_AT = /[[({<] ?(?:@|at|собака|собачка|sobaka) ?[\])}>]/g;
// Single characters separated by single spaces, three or more: "e x a m p l e . c o m". Each step consumes its space
// and character once, so the pattern cannot backtrack.
const SPACED_OUT = /(?<!\S)\S(?: \S(?!\S)){2,}/g;
const DOT_WORD = / ?(?<![\p{L}\p{N}])(?:dot|точка|тчк)(?![\p{L}\p{N}]) ?/gu;
const AT_WORD = / ?(?<![\p{L}\p{N}])(?:at|собака|собачка|sobaka)(?![\p{L}\p{N}]) ?/gu;
const SPACED_AT = / ?@ ?/g;
const ANY_SPACES = /\s+/g;

/** A word written in both alphabets is a disguise: its Cyrillic lookalikes are read as the Latin letters they imitate. */
function unmixWord(word: string): string {
  return LATIN.test(word) && CYRILLIC.test(word) ? word.replace(LOOKALIKE, (letter) => LATIN_LOOKALIKES[letter]) : word;
}

export function normaliseForCheck(text: string): CheckedText {
  let lines = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(DASHES, '-')
    .replace(LINE_BREAKS, '\n')
    .replace(SPACES, ' ')
    .replaceAll('ё', 'е');
  if (LATIN.test(lines) && CYRILLIC.test(lines)) lines = lines.replace(WORD, unmixWord);
  const contact = lines
    .replace(ANY_SPACES, ' ')
    .replace(BRACKETED_DOT, '.')
    .replace(BRACKETED_AT, '@')
    .replace(SPACED_OUT, (letters) => letters.replaceAll(' ', ''))
    .replace(DOT_WORD, '.')
    .replace(AT_WORD, '@')
    .replace(SPACED_AT, '@');
  return { lines, contact };
}
