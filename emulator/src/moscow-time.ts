/** The marketplace answers in Moscow time (UTC+3, no daylight saving): 2024-08-16T11:19:05+03:00. */
export function moscowIso(ms: number): string {
  return `${new Date(ms + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;
}
