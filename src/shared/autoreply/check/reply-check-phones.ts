import { withNumberWordsAsDigits } from './reply-check-number-words';

// Detector of phone numbers in a reply or complaint (spec, Reply rule 4: no phone numbers; Reply rule 7 for complaints).

// Digit groups joined by up to four spaces, dashes, dots or brackets, as in "8 (916) 123-45-67" or "8.916.123.45.67".
// A digit and a separator run never overlap, and a separator run gives back at most four characters, so the scan is linear.
// No phone below has fewer than 7 digits, so shorter runs (prices, sizes, times) are passed over inside the pattern.
const DIGIT_RUN = /\+?[0-9](?:[0-9]|[ .()-]{1,4}(?=[0-9])){6,}/g;
// E.164: a phone number has at most 15 digits, so no window of groups read as one number spans more.
const MAX_DIGITS = 15;
// The groups a window can span (one digit each), and one more: the ring of groups read last.
const RING = MAX_DIGITS + 1;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const PLUS = 43;
const DOT = 46;
const DASH = 45;

/**
 * The last 16 digit groups of a run, as numbers in fixed slots (group k in slot k % 16), so that a run of 100 KB costs
 * no memory: how many digits each has, its first digit, its value (compared only where groups have up to 4 digits),
 * and whether the separator after it is exactly "-" or holds a dot.
 */
interface GroupRing {
  international: boolean;
  lengths: Int32Array;
  firstDigits: Int32Array;
  values: Float64Array;
  dashAfter: Uint8Array;
  dotAfter: Uint8Array;
}

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

/**
 * What the groups `start` to `end` look like, gathered as the window grows by one group: enough to tell a dialled
 * number from a list of sizes, heights, dates or prices without reading the window again.
 */
interface Window {
  digits: number;
  longestGroup: number;
  sameLengths: boolean;
  rising: boolean;
  falling: boolean;
  dotted: boolean;
}

/**
 * Whether the window of groups is dialled rather than counted. Article numbers (up to 9 digits, or 10 not starting as a
 * Russian code), prices with thousands ("1 990"), size and height lists ("42 44 46", "42-44"), dates ("12.03.2024")
 * and times fall outside every shape below.
 */
function isPhone(ring: GroupRing, start: number, end: number, window: Window): boolean {
  const { lengths } = ring;
  const { digits } = window;
  const count = end - start + 1;
  const slot = start % RING;
  const nextSlot = (start + 1) % RING;
  const first = lengths[slot];
  const firstDigit = ring.firstDigits[slot];
  const last = lengths[end % RING];
  // "+7 916 ...", "+44 20 7946 0958": country code and subscriber number, E.164 allows up to 15 digits.
  if (ring.international && start === 0) return digits >= 10;
  // Dictated digit by digit: "8 9 1 6 1 2 3 4 5 6 7", "9-1-6-1-2-3-4-5-6-7".
  if (digits >= 10 && count === digits) return true;
  // Russian with trunk prefix: "8 916 123 45 67", "8(916)1234567", "89161234567", "8916 123-45-67".
  if (digits === 11 && (firstDigit === 7 || firstDigit === 8) && (first === 1 || first === 4 || first === 11)) return true;
  // Russian without prefix: "916 123-45-67", "(495) 123 45 67", "9161234567".
  if (digits === 10 && (firstDigit === 3 || firstDigit === 4 || firstDigit === 8 || firstDigit === 9) && (count === 1 || first === 3))
    return true;
  // A city number: "123-45-67".
  if (digits === 7)
    return (
      count === 3 && first === 3 && lengths[nextSlot] === 2 && last === 2 && ring.dashAfter[slot] === 1 && ring.dashAfter[nextSlot] === 1
    );
  if (digits < 11) return false;
  // North American without "+": "1-800-555-0199", "1 (212) 555 01 99".
  if (digits === 11 && first === 1 && firstDigit === 1 && lengths[nextSlot] === 3) return true;
  // Abroad without "+": a country code of 1 to 3 digits, then groups of 2 to 4 ending in a pair or a four, in no order of
  // size ("44 20 7946 0958", "375 29 123-45-67"); dots belong to dates and decimals.
  return (
    count >= 3 &&
    first <= 3 &&
    window.longestGroup <= 4 &&
    (last === 2 || last === 4) &&
    !window.sameLengths &&
    !window.rising &&
    !window.falling &&
    !window.dotted
  );
}

/** Whether some window of up to 15 digits ending at group `end` is a phone, the window grown back from its end. */
function endsWithPhone(ring: GroupRing, end: number): boolean {
  const { lengths, values } = ring;
  const window: Window = { digits: 0, longestGroup: 0, sameLengths: true, rising: true, falling: true, dotted: false };
  for (let start = end; start >= 0 && start > end - RING; start--) {
    const slot = start % RING;
    window.digits += lengths[slot];
    if (window.digits > MAX_DIGITS) return false;
    window.longestGroup = Math.max(window.longestGroup, lengths[slot]);
    if (start < end) {
      const next = (start + 1) % RING;
      window.sameLengths &&= lengths[slot] === lengths[next];
      window.rising &&= values[next] >= values[slot];
      window.falling &&= values[next] <= values[slot];
      window.dotted ||= ring.dotAfter[slot] === 1;
    }
    if (window.digits >= 7 && isPhone(ring, start, end, window)) return true;
  }
  return false;
}

/** Reads the run group by group; every window of up to 15 digits counts, so digits around a number do not hide it. */
function holdsPhone(run: string): boolean {
  const international = run.charCodeAt(0) === PLUS;
  const ring: GroupRing = {
    international,
    lengths: new Int32Array(RING),
    firstDigits: new Int32Array(RING),
    values: new Float64Array(RING),
    dashAfter: new Uint8Array(RING),
    dotAfter: new Uint8Array(RING),
  };
  let index = international ? 1 : 0;
  for (let group = 0; index < run.length; group++) {
    const slot = group % RING;
    ring.firstDigits[slot] = run.charCodeAt(index) - DIGIT_0;
    let length = 0;
    let value = 0;
    for (; index < run.length && isDigit(run.charCodeAt(index)); index++, length++) value = value * 10 + run.charCodeAt(index) - DIGIT_0;
    const separatorStart = index;
    let dot = 0;
    for (; index < run.length && !isDigit(run.charCodeAt(index)); index++) if (run.charCodeAt(index) === DOT) dot = 1;
    ring.lengths[slot] = length;
    ring.values[slot] = value;
    ring.dashAfter[slot] = index - separatorStart === 1 && run.charCodeAt(separatorStart) === DASH ? 1 : 0;
    ring.dotAfter[slot] = dot;
    if (endsWithPhone(ring, group)) return true;
  }
  return false;
}

/** Whether a run may hold a phone at all: below 10 digits only a dashed city number is one (most dates and articles). */
function mayHoldPhone(run: string): boolean {
  let digits = 0;
  for (let index = 0; index < run.length && digits < 10; index++) if (isDigit(run.charCodeAt(index))) digits++;
  return digits >= 10 || run.includes('-');
}

function hasDialledNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) if (mayHoldPhone(run) && holdsPhone(run)) return true;
  return false;
}

/** Reads `CheckedText.contact`, where spaced-out digits are joined; number words are read as digits too. */
export function hasPhone(contact: string): boolean {
  if (hasDialledNumber(contact)) return true;
  const spoken = withNumberWordsAsDigits(contact);
  return spoken !== contact && hasDialledNumber(spoken);
}
