// Numbers, money, percents and dates as a Russian seller reads them, for every screen and chart of the web app.

/** Between thousands: a narrow no-break space, «3 000» (Intl's ru-RU gives a full no-break space). */
export const THOUSANDS_SEPARATOR = '\u202f';

/** The minus of a negative number: «−3 %», not a hyphen. */
const MINUS = '\u2212';

/** Shown where there is no value. */
export const NO_VALUE = '—';

const MOSCOW = 'Europe/Moscow';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(maximumFractionDigits: number, signed: boolean): Intl.NumberFormat {
  const key = `${maximumFractionDigits}:${signed}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits, signDisplay: signed ? 'exceptZero' : 'auto' });
    numberFormats.set(key, format);
  }
  return format;
}

function formatted(value: number, maximumFractionDigits: number, signed: boolean): string {
  return numberFormat(maximumFractionDigits, signed)
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? THOUSANDS_SEPARATOR : part.type === 'minusSign' ? MINUS : part.value))
    .join('');
}

/** A number with its thousands apart and up to `maximumFractionDigits` decimals after a comma: «1 522», «2,5». */
export const number = (value: number, maximumFractionDigits = 2) => formatted(value, maximumFractionDigits, false);

/** A change with its sign: «+24», «−3», «0». */
export const signedNumber = (value: number, maximumFractionDigits = 2) => formatted(value, maximumFractionDigits, true);

/** A share or rate: «12,5 %», or a dash when there is none. */
export const percent = (value: number | null, maximumFractionDigits = 2) =>
  value === null ? NO_VALUE : `${number(value, maximumFractionDigits)} %`;

/** A change in percent with its sign: «+24 %», «−3 %». */
export const signedPercent = (value: number, maximumFractionDigits = 1) => `${signedNumber(value, maximumFractionDigits)} %`;

/** Money in whole roubles (a price with kopecks is rounded for display): «1 378 338 ₽», or a dash when there is none. */
export const roubles = (value: number | null) => (value === null ? NO_VALUE : `${number(Math.round(value), 0)} ₽`);

/**
 * An amount in kopecks (a bid) shown in roubles: «12 ₽», «1 250,05 ₽». Whole roubles and kopecks are split with integer
 * arithmetic, never through a float.
 */
export function kopecksAsRoubles(kopecks: number | null): string {
  if (kopecks === null) return NO_VALUE;
  const sign = kopecks < 0 ? MINUS : '';
  const whole = number(Math.trunc(Math.abs(kopecks) / 100), 0);
  const rest = Math.abs(kopecks) % 100;
  return rest === 0 ? `${sign}${whole} ₽` : `${sign}${whole},${String(rest).padStart(2, '0')} ₽`;
}

/** Roubles to the kopeck, as the budget check counts spend: «12,50 ₽», «3 ₽». */
export const roublesToKopeck = (value: number) => kopecksAsRoubles(Math.round(value * 100));

/** A calendar day (YYYY-MM-DD) as the seller reads it: «29.01.2024». */
export const day = (value: string) => value.split('-').reverse().join('.');

/** A calendar day (YYYY-MM-DD) without its year, as a chart's day axis reads it: «29.01». */
export const dayMonth = (value: string) => `${value.slice(8, 10)}.${value.slice(5, 7)}`;

/** Calendar days from one to another, both included: «29.01.2024 — 04.02.2024». */
export const dayRange = (from: string, to: string) => `${day(from)} — ${day(to)}`;

/** A moment: an ISO timestamp as the API sends it, or a Date. */
type Moment = string | Date;

const moscowDayFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, day: '2-digit', month: '2-digit', year: 'numeric' });
const moscowDateTimeFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const moscowTimeFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The Moscow day of a moment, as the marketplace and the service's day filters count days: «26.11.2026». */
export const moscowDay = (moment: Moment) => moscowDayFormat.format(new Date(moment));

/** A moment in Moscow time, as the marketplace and the service count days: «26.11.2026, 14:05». */
export const dateTime = (moment: Moment) => moscowDateTimeFormat.format(new Date(moment));

/** The Moscow time of a moment to the second, for waits of seconds: «14:05:30». */
export const moscowTime = (moment: Moment) => moscowTimeFormat.format(new Date(moment));

const pluralRules = new Intl.PluralRules('ru-RU');

/** A count with its noun in the right form: `counted(2, ['день', 'дня', 'дней'])` → «2 дня», 5 → «5 дней», 21 → «21 день». */
export function counted(count: number, [one, few, many]: readonly [string, string, string]): string {
  const form = pluralRules.select(count);
  return `${number(count)} ${form === 'one' ? one : form === 'few' ? few : many}`;
}
