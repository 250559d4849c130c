import type { components } from '../../api/schema';

export type ImportStatus = components['schemas']['DigitizationImportStatusDto'];
type Phase = components['schemas']['JobProgressDto']['phase'];
type Counts = components['schemas']['ImportCountsDto'];

/** Spec: States, Background job. The phases of an import as the seller reads them. */
export const PHASE_TEXT: Record<Phase, string> = {
  queued: 'В очереди',
  'waiting-account': 'Ждёт другую задачу кабинета',
  running: 'Идёт',
  'rate-limited': 'Пауза: лимит запросов маркетплейса',
  retrying: 'Повтор после ошибки',
  completed: 'Завершён',
  failed: 'Не завершён',
};

/** Whole seconds left until `resumeAt` (rounded up, never below zero), or null when the job is not waiting. */
export function secondsUntil(resumeAt: string | null, nowMs: number): number | null {
  if (resumeAt === null) return null;
  return Math.max(0, Math.ceil((Date.parse(resumeAt) - nowMs) / 1000));
}

/** A countdown as minutes and seconds: 0:07, 4:00. */
export function countdownText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const TOTALS_LABELS = [
  ['orders', 'Заказы'],
  ['sales', 'Продажи и возвраты'],
  ['report', 'Строки отчёта о реализации'],
] as const;

/** The kinds of data the import wrote, each with its counts, in a fixed order. */
export function totalsRows(totals: ImportStatus['totals']): { label: string; counts: Counts }[] {
  return TOTALS_LABELS.flatMap(([key, label]) => (totals[key] ? [{ label, counts: totals[key] }] : []));
}

/** The job ended: nothing more will change, polling may stop. */
export const isFinished = (status: ImportStatus | undefined) => status?.state === 'completed' || status?.state === 'failed';
