import { BOX_TYPE_NAMES, type BoxType } from '@shared/booking/box-types';
import { dayRange } from '@shared/format';

import type { BookingTask } from './booking-queries';

/** The states of a slot-watch task in the seller's words. */
export const TASK_STATUS_TEXT: Record<BookingTask['status'], string> = {
  active: 'Ищет слот',
  matched: 'Слот найден',
  booked: 'Поставка запланирована',
  accepted: 'Поставка принята',
  paused: 'На паузе',
  expired: 'Срок прошёл',
  cancelled: 'Удалена',
  source_unavailable: 'Маркетплейс не отдаёт коэффициенты',
};

/** The colour of a state: found and done in green, waiting in blue, stopped in grey, the marketplace's failure in red. */
export const TASK_STATUS_COLOR: Record<BookingTask['status'], string> = {
  active: 'blue',
  matched: 'green',
  booked: 'green',
  accepted: 'green',
  paused: 'gray',
  expired: 'gray',
  cancelled: 'gray',
  source_unavailable: 'red',
};

/** «короба, 01.12.2026 — 14.12.2026, коэффициент до 1» */
export function taskTermsText(task: Pick<BookingTask, 'boxTypeId' | 'dateFrom' | 'dateTo' | 'maxCoefficient'>): string {
  const price = task.maxCoefficient === 0 ? 'только бесплатно' : `коэффициент до ${task.maxCoefficient}`;
  return `${BOX_TYPE_NAMES[task.boxTypeId as BoxType]}, ${dayRange(task.dateFrom, task.dateTo)}, ${price}`;
}

/** A coefficient as the grid shows it: «нет» (closed), «бесплатно», «×2». */
export function coefficientText(coefficient: number): string {
  if (coefficient < 0) return 'нет';
  if (coefficient === 0) return 'бесплатно';
  return `×${String(coefficient).replace('.', ',')}`;
}
