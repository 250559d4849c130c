import { lowerCase } from '../../text/lower-case';

/**
 * The text prepared once for every detector of the publication check (spec, Reply rule 4; complaints, Reply rule 7),
 * so that each detector stays one simple, linear pattern.
 */
export interface CheckedText {
  /**
   * Lower case, compatibility forms folded, every decimal digit as its ASCII digit, ё as е, invisible and bidi control
   * characters dropped, dashes as "-", dots of other scripts as ".", runs of spaces as one; line breaks kept.
   */
  lines: string;
  /**
   * `lines` on one line with contact obfuscations undone: spaced-out letters and digits joined, "dot"/"точка"/"[.]" as
   * ".", "собака"/"(at)" as "@"; a space may remain before such a sign ("ivan @mail .ru"), and the detectors allow it.
   */
  contact: string;
  /** Whether the text held a bidi control (dropped from both forms): such a text is refused whatever it shows. */
  bidiControls: boolean;
}

/** Letters and digits of a normalised text, as a character-class body: Latin, Cyrillic and digits; plain classes keep patterns fast. */
export const WORD_CHARACTERS = String.raw`a-z0-9\u00df-\u024f\u0400-\u052f`;

/** Characters that reorder what a reader sees (Unicode bidi controls): a reply has no use for them, so they only hide. */
const BIDI_CONTROLS = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';

// Plain forms of characters that NFKC leaves apart (it folds "․", "．", "｡", the Hangul fillers and others into these):
// invisible characters and bidi controls dropped, dashes as "-", dots of other scripts as ".", spaces and line breaks.
const PLAIN_FORMS = new Map<string, string>([
  ['\r', '\n'],
  ['\u2028', '\n'],
  ['\u2029', '\n'],
  ['\u0085', '\n'],
  ['\u2212', '-'],
]);
for (const invisible of '\u00ad\u034f\u115f\u1160\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff')
  PLAIN_FORMS.set(invisible, '');
for (const bidiControl of BIDI_CONTROLS) PLAIN_FORMS.set(bidiControl, '');
for (const dot of '\u00b7\u06d4\u16eb\u2022\u2027\u2219\u22c5\u2e31\u2e33\u3002\u30fb\ua78f') PLAIN_FORMS.set(dot, '.');
for (let code = 0x2010; code <= 0x2015; code++) PLAIN_FORMS.set(String.fromCharCode(code), '-');
for (const space of '\t\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000')
  PLAIN_FORMS.set(space, ' ');
// Runs of characters of the blocks holding the characters above, and of those holding the decimal digits of other
// scripts (Arabic-Indic "٨", Devanagari "८" …, in the astral planes too; NFKC folds the fullwidth and mathematical
// ones), read in one pass; a character of them that is neither stays as it is. Whole blocks keep the class to 11
// ranges, where V8 scans a class of more than 16 (or a Unicode pattern) several times slower. The combining "\u034f"
// opens the class so that no character before it seems to carry it. A run goes on over ASCII digits and spaces, so
// that a long text of numbers in another script is one run rather than one call a number.
const SPECIAL_CHARACTER = String.raw`[\u034f\t-\r\u0085-\u00b7\u061c-\u0fff\u1040-\u1c59\u2000-\u206f\u2212-\u22c5\u2e31-\u2e33\u3000-\u30fb\ua620-\uabf9\ufeff]|[\ud801-\ud83a\ud83e][\udc00-\udfff]`;
const SPECIAL_RUN = new RegExp(`(?:${SPECIAL_CHARACTER})(?:${SPECIAL_CHARACTER}|[ 0-9])*`, 'g');
const DECIMAL_DIGIT = /\p{Nd}/u;
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

// Single characters separated by single spaces, three or more: "e x a m p l e . c o m", "8 9 1 6 1 2 3", after the
// space (kept) or the start that opens them; the only space left in the contact form is " ". Each step consumes its
// space and character once, so the pattern cannot backtrack.
const SPACED_OUT = /(^| )(\S(?: \S(?!\S)){2,})/g;
// A dot or an "@" spelt out, bracketed ("[.]", "(at)") or as a word ("точка", "dot", "собака", "at") after the
// character that starts it (kept), in one pass; a captured dot means a dot. The space after it goes too, so
// "example dot net" reads "example .net".
const DOT_WORDS = 'dot|дот|точка|точку|тчк';
const AT_WORDS = 'at|собака|собачка|sobaka';
const SPELT_SIGN = new RegExp(
  String.raw`(?:[[({<] ?(?:(\.|${DOT_WORDS})|@|${AT_WORDS}) ?[\])}>]|(^|[^${WORD_CHARACTERS}])(?:(${DOT_WORDS})|${AT_WORDS})(?![${WORD_CHARACTERS}])) ?`,
  'g',
);

/** Decimal digits come in runs of ten from zero (a Unicode stability rule), so a digit's value is its place in its run. */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let zero = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return String((code - zero) % 10);
}

/** A character's plain form, worked out once per character and kept with the fixed ones. */
function plainForm(character: string): string {
  let plain = PLAIN_FORMS.get(character);
  if (plain === undefined) {
    plain = DECIMAL_DIGIT.test(character) ? asciiDigit(character) : character;
    PLAIN_FORMS.set(character, plain);
  }
  return plain;
}

/** A word written in both alphabets is a disguise: its Cyrillic lookalikes are read as the Latin letters they imitate. */
function unmixWord(word: string): string {
  return LATIN.test(word) && CYRILLIC.test(word) ? word.replace(LOOKALIKE, (letter) => LATIN_LOOKALIKES[letter]) : word;
}

/** The `lines` form, and whether a bidi control was dropped from it (seen in the pass that drops it). */
function normalised(text: string): Pick<CheckedText, 'lines' | 'bidiControls'> {
  let bidiControls = false;
  const plain = lowerCase(text.normalize('NFKC'))
    .replace(SPECIAL_RUN, (run) => {
      let plain = '';
      for (const character of run) {
        bidiControls ||= BIDI_CONTROLS.includes(character);
        plain += plainForm(character);
      }
      return plain;
    })
    .replace(SPACE_RUN, ' ')
    .replaceAll('ё', 'е');
  return { lines: MIXED_LETTERS.test(plain) ? plain.replace(WORD, unmixWord) : plain, bidiControls };
}

/** The `lines` form alone, for a reader of instruction traces only. */
export function normaliseLines(text: string): string {
  return normalised(text).lines;
}

export function normaliseForCheck(text: string): CheckedText {
  const { lines, bidiControls } = normalised(text);
  // Most replies are one paragraph: the break pattern (its optional space first) scans every character, so it runs only on breaks.
  const contact = (lines.includes('\n') ? lines.replace(LINE_BREAK_RUN, ' ') : lines)
    .replace(SPACED_OUT, (_run, before: string, letters: string) => before + letters.replaceAll(' ', ''))
    .replace(SPELT_SIGN, (_sign, bracketedDot?: string, before = '', dotWord?: string) => before + ((bracketedDot ?? dotWord) ? '.' : '@'));
  return { lines, contact, bidiControls };
}
