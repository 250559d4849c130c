// Detector of phone numbers in a reply or complaint (spec, Reply rule 4: no phone numbers; Reply rule 7 for complaints).
// A hand-written scan instead of a pattern: one pass over the text, so its cost is linear whatever the input.

const ZERO = 48;
const NINE = 57;
const PLUS = 43;
const DASH = 45;
// Between digit groups: spaces, dashes, dots and brackets, as in "8 (916) 123-45-67" or "8.916.123.45.67".
const GROUP_SEPARATORS = new Set([32, DASH, 46, 40, 41]);
const MAX_SEPARATOR_RUN = 4;

interface DigitRun {
  international: boolean;
  groups: number[];
  firstDigit: number;
  dashesOnly: boolean;
}

const isDigit = (code: number) => code >= ZERO && code <= NINE;

/**
 * Whether a run of digit groups is dialled rather than counted. Article numbers (9 or 10 digits written together),
 * prices with thousands ("1 990"), sizes ("42-44"), dates ("12.03.2024") and times fall outside every shape below.
 */
function isPhone({ international, groups, firstDigit, dashesOnly }: DigitRun): boolean {
  const digits = groups.reduce((sum, group) => sum + group, 0);
  // "+7 916 ...", "+44 20 7946 0958": country code and subscriber number, E.164 allows up to 15 digits.
  if (international) return digits >= 10 && digits <= 15;
  // Russian with trunk prefix: "8 916 123 45 67", "8(916)1234567", "89161234567", "8916 123-45-67".
  if (digits === 11) return (firstDigit === 7 || firstDigit === 8) && [1, 4, 11].includes(groups[0]);
  // Russian without prefix, the three-digit code apart: "916 123-45-67", "(495) 123 45 67", never "9161234567".
  if (digits === 10) return groups.length > 1 && groups[0] === 3 && [3, 4, 8, 9].includes(firstDigit);
  // A city number: "123-45-67".
  return digits === 7 && dashesOnly && groups.length === 3 && groups[0] === 3 && groups[1] === 2;
}

export function hasPhone(lines: string): boolean {
  const length = lines.length;
  let index = 0;
  while (index < length) {
    const code = lines.charCodeAt(index);
    const international = code === PLUS && isDigit(lines.charCodeAt(index + 1));
    if (!international && !isDigit(code)) {
      index++;
      continue;
    }
    if (international) index++;
    const run: DigitRun = { international, groups: [], firstDigit: lines.charCodeAt(index) - ZERO, dashesOnly: true };
    while (index < length) {
      const groupStart = index;
      while (index < length && isDigit(lines.charCodeAt(index))) index++;
      run.groups.push(index - groupStart);
      const separatorStart = index;
      while (index < length && index - separatorStart <= MAX_SEPARATOR_RUN && GROUP_SEPARATORS.has(lines.charCodeAt(index))) index++;
      const separators = index - separatorStart;
      if (separators === 0 || separators > MAX_SEPARATOR_RUN || !isDigit(lines.charCodeAt(index))) break;
      if (separators !== 1 || lines.charCodeAt(separatorStart) !== DASH) run.dashesOnly = false;
    }
    if (isPhone(run)) return true;
  }
  return false;
}
