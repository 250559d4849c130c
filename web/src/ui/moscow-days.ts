const DAY_MS = 86_400_000;

/** Today in Moscow (YYYY-MM-DD): the service reads a date without a zone as Moscow time. */
export const moscowToday = (): string => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });

/** The calendar day `days` days after `day` (both YYYY-MM-DD; a negative count goes back). */
export function daysAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `days` days before `today`: where a period of the last `days` days starts. */
export const daysBefore = (today: string, days: number): string => daysAfter(today, -days);
