import { nmIdOf } from '../../ui/nm-id';
import { optionalNumber } from '../../ui/typed-number';
import type { ItemStatus, RnpItem, RnpItemFields } from './rnp-queries';

/** The plan fields of an item as its form holds them: numbers as typed ('' is none), days as YYYY-MM-DD or ''. */
export interface PlanValues {
  status: ItemStatus;
  planOrdersPerDay: number | string;
  planPrice: number | string;
  targetDrrPct: number | string;
  manager: string;
  comment: string;
  dateFrom: string;
  dateTo: string;
}

/** A new item is watched, without a plan yet. */
export const NEW_PLAN: PlanValues = {
  status: 'monitoring',
  planOrdersPerDay: '',
  planPrice: '',
  targetDrrPct: '',
  manager: '',
  comment: '',
  dateFrom: '',
  dateTo: '',
};

export const planValuesOf = (item: RnpItem): PlanValues => ({
  status: item.status,
  planOrdersPerDay: item.planOrdersPerDay ?? '',
  planPrice: item.planPrice ?? '',
  targetDrrPct: item.targetDrrPct ?? '',
  manager: item.manager,
  comment: item.comment,
  dateFrom: item.dateFrom ?? '',
  dateTo: item.dateTo ?? '',
});

/** Every field as the API takes it: an empty number or day is null, which clears it on a change. */
export const planFieldsOf = (values: PlanValues): Required<RnpItemFields> => ({
  status: values.status,
  planOrdersPerDay: optionalNumber(values.planOrdersPerDay),
  planPrice: optionalNumber(values.planPrice),
  targetDrrPct: optionalNumber(values.targetDrrPct),
  manager: values.manager.trim(),
  comment: values.comment,
  dateFrom: values.dateFrom || null,
  dateTo: values.dateTo || null,
});

/** The plan's own check before sending: its end not before its start (the service refuses the whole add otherwise). */
export const planErrors = (values: PlanValues) => ({
  dateTo: values.dateFrom && values.dateTo && values.dateTo < values.dateFrom ? 'Конец плана не раньше начала' : null,
});

/** The nmIDs typed at once (separated by spaces, commas, semicolons or lines), each once, and the pieces that are not nmIDs. */
export function typedNmIds(text: string): { nmIds: number[]; wrong: string[] } {
  const pieces = text.split(/[\s,;]+/).filter(Boolean);
  const nmIds = [...new Set(pieces.flatMap((piece) => nmIdOf(piece) ?? []))];
  return { nmIds, wrong: pieces.filter((piece) => nmIdOf(piece) === null) };
}
