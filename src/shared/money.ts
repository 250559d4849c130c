// Money as a seller types it: roubles with a comma or a dot before kopecks, read and shown back with integer arithmetic.

/** Roubles as typed: whole roubles, optionally a comma or a dot and one or two kopeck digits; spaces between groups. */
const ROUBLES_TYPED = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * Kopecks of an amount typed in roubles, or null when the text is no such amount. The digits are read as integers, so
 * that 0,29 ₽ is 29 kopecks and never 28 through a float.
 */
export function kopecksOfRoubles(typed: string): number | null {
  const match = ROUBLES_TYPED.exec(typed.replace(/\s/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Kopecks as a form shows them for editing: «12» or «12,50». */
export function roublesInput(kopecks: number): string {
  const whole = Math.trunc(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}

/**
 * Roubles written the Russian way, as the marketplace's tariffs are («11,2», «35.65», «1 039»), as an exact decimal with
 * two places («11.20», «35.65», «1039.00»), or null for a text that is no amount with at most two kopeck digits (a
 * dash where a warehouse has no rate). Read through kopecks, never a float.
 */
export function roublesDecimal(written: string): string | null {
  const kopecks = kopecksOfRoubles(written);
  if (kopecks === null) return null;
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}
