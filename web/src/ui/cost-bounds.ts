import { kopecksOfRoubles } from '@shared/money';

/** The service's bound of a cost price (catalog-costs.dto.ts): up to ten million roubles. */
const COST_KOPECKS_MAX = 1_000_000_000;

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** A cost price typed or read from a file: roubles with a comma or a dot before at most two kopeck digits, 0 to 10 000 000. */
export function checkCost(text: string): Checked<number> {
  const kopecks = kopecksOfRoubles(text.trim());
  if (kopecks === null || kopecks > COST_KOPECKS_MAX)
    return { ok: false, error: 'Себестоимость — рубли с копейками (до 2 знаков) от 0 до 10 000 000' };
  return { ok: true, value: kopecks / 100 };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const RUSSIAN_DAY = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** A day as YYYY-MM-DD or DD.MM.YYYY (as a Russian sheet writes it), a real calendar day; empty is `today`. */
export function checkDay(text: string, today: string): Checked<string> {
  const typed = text.trim();
  if (!typed) return { ok: true, value: today };
  const russian = RUSSIAN_DAY.exec(typed);
  const day = russian ? `${russian[3]}-${russian[2]}-${russian[1]}` : typed;
  const valid = ISO_DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
  return valid ? { ok: true, value: day } : { ok: false, error: 'Дата — ГГГГ-ММ-ДД или ДД.ММ.ГГГГ' };
}
