/** Whole roubles as a seller reads them; a missing value is a dash. */
export const roubles = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')} ₽`);

/** A percent as a seller reads it; a missing value is a dash. */
export const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('ru-RU')} %`);

/** A time of the API in the seller's locale. */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('ru-RU');
