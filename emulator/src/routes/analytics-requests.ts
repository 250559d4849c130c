import { DAY_MS } from '../moscow-time';
import { isInteger, isObject } from './request-checks';

/** A period of the request as Moscow day numbers, and as it was written. */
export interface DayPeriod {
  start: string;
  end: string;
  firstDay: number;
  lastDay: number;
}

/** A request value the marketplace refuses: `field (reason)`, as its ErrorObject details name them. */
export class RequestInvalid extends Error {}

const invalid = (field: string, reason: string) => new RequestInvalid(`${field} (${reason})`);

function dayOf(value: unknown, field: string): number {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw invalid(field, 'field required, YYYY-MM-DD');
  const ms = Date.parse(`${value}T12:00:00Z`);
  if (Number.isNaN(ms)) throw invalid(field, 'not a date');
  return Math.floor(ms / DAY_MS);
}

/** A {start, end} period of dates, start not after end. */
export function periodOf(value: unknown, field: string): DayPeriod {
  if (!isObject(value)) throw invalid(field, 'field required');
  const { start, end } = value as Record<string, unknown>;
  const firstDay = dayOf(start, `${field}.start`);
  const lastDay = dayOf(end, `${field}.end`);
  if (firstDay > lastDay) throw invalid(`${field}.start`, 'must not be after end');
  return { start: start as string, end: end as string, firstDay, lastDay };
}

/** Refuses a period that starts more than `days` days before today (Moscow day numbers). */
export function requireWithin(period: DayPeriod, field: string, today: number, days: number, what: string): void {
  if (period.firstDay < today - days) throw invalid(`${field}.start`, `no earlier than ${what}`);
}

/** An optional array of integers of at most `max` items (`min` at least when given). */
export function integersOf(value: unknown, field: string, max: number, min = 0): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isInteger) || value.some((item) => (item as number) < 0))
    throw invalid(field, 'an array of unsigned integers');
  if (value.length > max) throw invalid(field, `max ${max} items`);
  if (value.length < min) throw invalid(field, `min ${min} items`);
  return value as number[];
}

export function stringsOf(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw invalid(field, 'an array of strings');
  return value as string[];
}

/** An optional integer from `min` to `max`, `fallback` when absent. */
export function integerOf(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isInteger(value) || (value as number) < min || (value as number) > max) throw invalid(field, `an integer from ${min} to ${max}`);
  return value as number;
}

export function booleanOf(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(field, 'true or false');
  return value;
}

/** One of the listed values, `fallback` when absent (none: the field is required). */
export function oneOfValues<const T extends readonly string[]>(value: unknown, field: string, values: T, fallback?: T[number]): T[number] {
  if (value === undefined && fallback !== undefined) return fallback;
  if (!values.includes(value as string)) throw invalid(field, `one of ${values.join(', ')}`);
  return value as T[number];
}

/** An `{field, mode}` sorting object, both required when it is given. */
export function orderByOf<const T extends readonly string[]>(
  value: unknown,
  name: string,
  fields: T,
): { field: T[number]; mode: 'asc' | 'desc' } {
  if (!isObject(value)) throw invalid(name, 'field required');
  const { field, mode } = value as Record<string, unknown>;
  return { field: oneOfValues(field, `${name}.field`, fields), mode: oneOfValues(mode, `${name}.mode`, ['asc', 'desc'] as const) };
}
