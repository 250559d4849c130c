// Money as a seller reads and types it (ru-RU: a no-break space between thousands, a comma before kopecks).

/** Money in whole roubles (a price with kopecks is rounded for display), or a dash when there is none. */
export const roubles = (value: number | null) => (value === null ? '—' : `${Math.round(value).toLocaleString('ru-RU')} ₽`);

/** Roubles to the kopeck, as the budget check counts spend: «12,5 ₽». */
export const roublesToKopeck = (value: number) => `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} ₽`;

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

/** An amount in kopecks (a bid) shown in roubles: «12 ₽», «1 250,05 ₽». */
export function kopecksAsRoubles(kopecks: number | null): string {
  if (kopecks === null) return '—';
  const whole = Math.trunc(kopecks / 100).toLocaleString('ru-RU');
  const rest = kopecks % 100;
  return rest === 0 ? `${whole} ₽` : `${whole},${String(rest).padStart(2, '0')} ₽`;
}
