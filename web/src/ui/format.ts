export const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')} %`);

export const dateTime = (iso: string) => new Date(iso).toLocaleString('ru-RU');

/** A calendar day (YYYY-MM-DD) as the seller reads it: 29.01.2024. */
export const day = (value: string) => value.split('-').reverse().join('.');

/** The Moscow day of a moment, as the marketplace and the service's day filters count days. */
export const moscowDay = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });

/** Stars of a feedback; a question has none. */
export const ratingText = (rating: number | null) => (rating === null ? 'без оценки' : '★'.repeat(rating) + '☆'.repeat(5 - rating));
