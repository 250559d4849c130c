// Detector of phone numbers in a reply or complaint (spec, Reply rule 4: no phone numbers; Reply rule 7 for complaints).

// Digit groups joined by up to four spaces, dashes, dots or brackets, as in "8 (916) 123-45-67" or "8.916.123.45.67".
// A digit and a separator run never overlap, and a separator run gives back at most four characters, so the scan is linear.
// No phone below has fewer than 7 digits, so shorter runs (prices, sizes, times) are passed over inside the pattern.
const DIGIT_RUN = /\+?[0-9](?:[0-9]|[ .()-]{1,4}(?=[0-9])){6,}/g;
const SEPARATORS = /[^0-9]+/;
const NOT_DASHED = /[^0-9-]|--/;

/**
 * Whether a run of digit groups is dialled rather than counted. Article numbers (9 or 10 digits written together),
 * prices with thousands ("1 990"), sizes ("42-44"), dates ("12.03.2024") and times fall outside every shape below.
 */
function isPhone(run: string): boolean {
  const international = run.startsWith('+');
  const digitsAndSeparators = international ? run.slice(1) : run;
  const groups = digitsAndSeparators.split(SEPARATORS).map((group) => group.length);
  const digits = groups.reduce((sum, group) => sum + group, 0);
  const firstDigit = digitsAndSeparators[0];
  // "+7 916 ...", "+44 20 7946 0958": country code and subscriber number, E.164 allows up to 15 digits.
  if (international) return digits >= 10 && digits <= 15;
  // Russian with trunk prefix: "8 916 123 45 67", "8(916)1234567", "89161234567", "8916 123-45-67".
  if (digits === 11) return (firstDigit === '7' || firstDigit === '8') && [1, 4, 11].includes(groups[0]);
  // Russian without prefix, the three-digit code apart: "916 123-45-67", "(495) 123 45 67", never "9161234567".
  if (digits === 10) return groups.length > 1 && groups[0] === 3 && '3489'.includes(firstDigit);
  // A city number: "123-45-67".
  return digits === 7 && groups.length === 3 && groups[0] === 3 && groups[1] === 2 && !NOT_DASHED.test(digitsAndSeparators);
}

export function hasPhone(lines: string): boolean {
  for (const [run] of lines.matchAll(DIGIT_RUN)) if (isPhone(run)) return true;
  return false;
}
