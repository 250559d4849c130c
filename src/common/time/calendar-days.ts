// Calendar days written YYYY-MM-DD (a Moscow or a UTC day alike): the arithmetic of days, never of local time.

export const DAY_MS = 86_400_000;

/** A calendar day as a number of days since 1970-01-01, for integer arithmetic of days. */
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The calendar day `days` after `day` (before, when negative). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The ISO weekday of a calendar day: 1 for Monday to 7 for Sunday. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}
