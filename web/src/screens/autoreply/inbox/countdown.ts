const two = (value: number) => String(value).padStart(2, '0');

/** The time left until `at`, as a seller reads a countdown: «14 мин 05 с», «1 ч 02 мин»; «меньше секунды» once it is due. */
export function countdownText(at: string, now: number): string {
  const seconds = Math.ceil((new Date(at).getTime() - now) / 1000);
  if (seconds <= 0) return 'меньше секунды';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} ч ${two(minutes)} мин`;
  return minutes > 0 ? `${minutes} мин ${two(seconds % 60)} с` : `${seconds} с`;
}
