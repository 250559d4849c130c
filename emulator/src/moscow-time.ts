/** The marketplace writes times in Moscow time: UTC+3, no daylight saving. */
export const MOSCOW_OFFSET_MS = 3 * 3_600_000;
export const MOSCOW_ZONE = '+03:00';
export const DAY_MS = 86_400_000;

/** Moscow wall-clock time without a zone, as the statistics scope writes it: 2022-03-04T18:08:31. */
export function moscowLocal(ms: number): string {
  return new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 19);
}

/** With the zone, as /ping and the finance reports write it: 2024-08-16T11:19:05+03:00. */
export function moscowIso(ms: number): string {
  return `${moscowLocal(ms)}${MOSCOW_ZONE}`;
}

/** The Moscow calendar date: 2024-08-16. */
export function moscowDate(ms: number): string {
  return moscowLocal(ms).slice(0, 10);
}

/** The number of the Moscow day that holds `ms`, counted from 1970-01-01. */
export function moscowDayNumber(ms: number): number {
  return Math.floor((ms + MOSCOW_OFFSET_MS) / DAY_MS);
}

/** The UTC instant of the Moscow midnight that starts day number `day`. */
export function moscowDayStartOf(day: number): number {
  return day * DAY_MS - MOSCOW_OFFSET_MS;
}
