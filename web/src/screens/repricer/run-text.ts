import type { components } from '../../api/schema';

type Run = components['schemas']['RepricerRunItemResponseDto'];

export const TRIGGER_TEXT: Record<Run['trigger'], string> = { manual: 'вручную', api: 'через API', schedule: 'по расписанию' };

/** A run without an outcome is still under way. */
export const outcomeText = (outcome: Run['outcome']) =>
  outcome === null ? 'идёт' : { success: 'цены изменены', no_changes: 'без изменений', error: 'ошибка' }[outcome];
