/**
 * The text prepared once for every detector of the publication check (spec, Reply rule 4; complaints, Reply rule 7),
 * so that each detector stays one simple, linear pattern.
 */
export interface CheckedText {
  /** Lower case, compatibility forms folded, ё as е, invisible characters dropped, dashes as "-", runs of spaces as one; line breaks kept. */
  lines: string;
  /**
   * `lines` on one line with contact obfuscations undone: spaced-out letters joined, "dot"/"точка"/"[.]" as ".",
   * "собака"/"(at)" as "@"; a space may remain before such a sign ("ivan @mail .ru"), and the detectors allow it.
   */
  contact: string;
}

/** Letters and digits of a normalised text, as a character-class body: Latin, Cyrillic and digits; plain classes keep patterns fast. */
export const WORD_CHARACTERS = String.raw`a-z0-9\u00df-\u024f\u0400-\u052f`;

// Invisible characters, dashes, line breaks and spaces of every kind, each read as its plain form in one pass.
const PLAIN_FORMS: Record<string, string> = { '\r': '\n', '\u2028': '\n', '\u2029': '\n', '\u0085': '\n', '\u2212': '-' };
for (const invisible of '\u00ad\u200b\u200c\u200d\u2060\ufeff') PLAIN_FORMS[invisible] = '';
for (let code = 0x2010; code <= 0x2015; code++) PLAIN_FORMS[String.fromCharCode(code)] = '-';
for (const space of '\t\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000')
  PLAIN_FORMS[space] = ' ';
const SPECIAL_CHARACTER = new RegExp(`[${Object.keys(PLAIN_FORMS).join('')}]`, 'g');
const SPACE_RUN = / {2,}/g;
const LINE_BREAK_RUN = / ?\n[\n ]*/g;
const LATIN = /[a-z]/;
const CYRILLIC = /[\u0400-\u052f]/;
// A Latin letter touching a Cyrillic one: the cheap sign that some word mixes the alphabets.
const MIXED_LETTERS = /[a-z][\u0400-\u052f]|[\u0400-\u052f][a-z]/;
const WORD = new RegExp(`[${WORD_CHARACTERS}]+`, 'g');

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

// Single characters separated by single spaces, three or more: "e x a m p l e . c o m". Each step consumes its space
// and character once, so the pattern cannot backtrack.
const SPACED_OUT = /(?<!\S)\S(?: \S(?!\S)){2,}/g;
// A dot or an "@" spelt out, bracketed ("[.]", "(at)") or as a word ("точка", "dot", "собака", "at"), in one pass;
// a captured group means a dot. The space after it goes too, so "example dot net" reads "example .net".
const SPELT_SIGN = new RegExp(
  String.raw`(?:[[({<] ?(?:(\.|dot|точка|тчк)|@|at|собака|собачка|sobaka) ?[\])}>]|(?<![${WORD_CHARACTERS}])(?:(dot|точка|тчк)|at|собака|собачка|sobaka)(?![${WORD_CHARACTERS}])) ?`,
  'g',
);

/** A word written in both alphabets is a disguise: its Cyrillic lookalikes are read as the Latin letters they imitate. */
function unmixWord(word: string): string {
  return LATIN.test(word) && CYRILLIC.test(word) ? word.replace(LOOKALIKE, (letter) => LATIN_LOOKALIKES[letter]) : word;
}

/** The `lines` form alone, for a reader of instruction traces only. */
export function normaliseLines(text: string): string {
  const lines = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(SPECIAL_CHARACTER, (character) => PLAIN_FORMS[character])
    .replace(SPACE_RUN, ' ')
    .replaceAll('ё', 'е');
  return MIXED_LETTERS.test(lines) ? lines.replace(WORD, unmixWord) : lines;
}

export function normaliseForCheck(text: string): CheckedText {
  const lines = normaliseLines(text);
  const contact = lines
    .replace(LINE_BREAK_RUN, ' ')
    .replace(SPACED_OUT, (letters) => letters.replaceAll(' ', ''))
    .replace(SPELT_SIGN, (_sign, bracketedDot?: string, dotWord?: string) => ((bracketedDot ?? dotWord) ? '.' : '@'));
  return { lines, contact };
}
