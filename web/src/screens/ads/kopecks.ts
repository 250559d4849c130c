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

/** Kopecks as the form shows them for editing: «12» or «12,50». */
export function roublesInput(kopecks: number): string {
  const whole = Math.trunc(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}

/** A bid in kopecks shown in roubles: «12 ₽», «1 250,05 ₽» (ru-RU groups thousands with a no-break space). */
export function bidRoubles(kopecks: number | null): string {
  if (kopecks === null) return '—';
  const whole = Math.trunc(kopecks / 100).toLocaleString('ru-RU');
  const rest = kopecks % 100;
  return rest === 0 ? `${whole} ₽` : `${whole},${String(rest).padStart(2, '0')} ₽`;
}

/** Kopeck amounts in a text of the service («1250 коп.», «100–5050 коп.») in roubles, as the rest of the screen shows bids. */
export function reasonInRoubles(reason: string): string {
  return reason.replace(/(\d+)(?:–(\d+))? коп\./g, (_match, from: string, to: string | undefined) =>
    to === undefined ? bidRoubles(Number(from)) : `${bidRoubles(Number(from))} – ${bidRoubles(Number(to))}`,
  );
}
