import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { renderInApp } from '../test/render';
import { JobProgress } from './JobProgress';

type JobProgressDto = components['schemas']['JobProgressDto'];

const progress = (fields: Partial<JobProgressDto>): JobProgressDto => ({
  phase: 'running',
  message: '',
  resumeAt: null,
  attempt: 1,
  maxAttempts: 5,
  counters: {},
  ...fields,
});

const importJob = (state: 'active' | 'completed' | 'failed', fields: Partial<JobProgressDto>, failedReason: string | null = null) => ({
  state,
  progress: progress(fields),
  failedReason,
});

describe('JobProgress', () => {
  it('shows a running job with its phase, its message, a busy loader and the attempt', () => {
    renderInApp(
      <JobProgress
        job={importJob('active', { message: 'Получено заказов: 120' })}
        title="Импорт заказов и продаж"
        busyLabel="Импорт идёт"
      />,
    );

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Импорт заказов и продаж: Идёт');
    expect(screen.getByText('Получено заказов: 120')).toBeTruthy();
    expect(screen.getByLabelText('Импорт идёт')).toBeTruthy();
    expect(screen.getByText('Попытка 1 из 5')).toBeTruthy();
  });

  it('counts down the seconds until a job paused by the rate limit goes on', () => {
    const resumeAt = new Date(Date.now() + 7_000).toISOString();
    renderInApp(
      <JobProgress
        job={importJob('active', { phase: 'rate-limited', message: 'Лимит запросов маркетплейса', resumeAt, attempt: 2 })}
        title="Импорт заказов и продаж"
        busyLabel="Импорт идёт"
      />,
    );

    expect(screen.getByRole('alert').textContent).toContain('Импорт заказов и продаж: Пауза: лимит запросов маркетплейса');
    expect(screen.getByText('Продолжим через 0:07')).toBeTruthy();
    expect(screen.getByText('Попытка 2 из 5')).toBeTruthy();
  });

  it('shows why a job failed, with no loader and no countdown', () => {
    const resumeAt = new Date(Date.now() + 7_000).toISOString();
    renderInApp(
      <JobProgress
        job={importJob('failed', { phase: 'retrying', message: 'Повторим позже', resumeAt }, 'Ключ API отклонён маркетплейсом')}
        title="Синхронизация"
        busyLabel="Идёт синхронизация"
        compact
      />,
    );

    expect(screen.getByText('Синхронизация: Не завершено')).toBeTruthy();
    expect(screen.getByText('Ключ API отклонён маркетплейсом')).toBeTruthy();
    expect(screen.queryByText('Повторим позже')).toBeNull();
    expect(screen.queryByLabelText('Идёт синхронизация')).toBeNull();
    expect(screen.queryByText(/^Продолжим через/)).toBeNull();
  });

  it('shows a completed bulk price change, whose state is its status, with what it wrote', () => {
    renderInApp(
      <JobProgress job={{ status: 'completed' }} title="Состояние" busyLabel="Задача выполняется">
        Принято: 1
      </JobProgress>,
    );

    expect(screen.getByRole('alert').textContent).toBe('Состояние: Завершено');
    expect(screen.getByText('Принято: 1')).toBeTruthy();
    expect(screen.queryByLabelText('Задача выполняется')).toBeNull();
  });

  it('shows a job whose status is not read yet as queued and busy', () => {
    renderInApp(<JobProgress job={undefined} title="Загрузка кампаний" busyLabel="Идёт загрузка кампаний" compact />);

    expect(screen.getByText('Загрузка кампаний: В очереди')).toBeTruthy();
    expect(screen.getByLabelText('Идёт загрузка кампаний')).toBeTruthy();
  });
});
