import type { components } from '../api/schema';

type Phase = components['schemas']['JobProgressDto']['phase'];

/** Spec: States, Background job. The phases of a job as the seller reads them. */
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
