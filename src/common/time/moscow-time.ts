/** The marketplace's zone: its times without a zone, its calendar days and the service's schedules are Moscow time. */
export const MOSCOW_TZ = 'Europe/Moscow';

/** Moscow is UTC+3 all year (no daylight saving). */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** A marketplace time as an ISO instant: without a zone it is Moscow time; one with a zone keeps it. */
export function marketplaceInstant(text: string): string {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  return new Date(zoned ? text : `${text}+03:00`).toISOString();
}

/** marketplaceInstant in SQL: a text expression holding a marketplace time, as timestamptz. */
export function marketplaceInstantSql(text: string): string {
  return `(CASE WHEN ${text} ~* '(Z|[+-]\\d{2}:?\\d{2})$' THEN ${text}::timestamptz ELSE ${text}::timestamp AT TIME ZONE '${MOSCOW_TZ}' END)`;
}

/** The Moscow calendar day of a moment (YYYY-MM-DD). */
export function moscowToday(now: Date): string {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first moment of the Moscow day after the one `now` falls in. */
export function nextMoscowMidnight(now: Date): Date {
  const dayStart = Date.parse(`${moscowToday(now)}T00:00:00Z`) - MOSCOW_OFFSET_MS;
  return new Date(dayStart + 24 * 3_600_000);
}
