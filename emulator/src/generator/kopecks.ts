/** Money of the realisation reports as whole kopecks, so that sums of decimal strings have no float drift. */

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "123.4" → 12340, "-0.05" → -5; the empty string of a field a row does not use is 0. */
export function kopecksOf(text: string): number {
  if (text === '') return 0;
  const found = DECIMAL.exec(text);
  if (!found) throw new Error(`not an amount: ${text}`);
  const value = Number(found[2]) * 100 + Number((found[3] ?? '').padEnd(2, '0'));
  return found[1] === '-' && value !== 0 ? -value : value;
}

/** 12340 → "123.40", -5 → "-0.05": always 2 decimals. */
export function amountOfKopecks(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks)) throw new Error(`not a whole number of kopecks: ${kopecks}`);
  const whole = Math.abs(kopecks);
  return `${kopecks < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
