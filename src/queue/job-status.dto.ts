import { ApiProperty } from '@nestjs/swagger';

import type { JobPhase } from './job-progress';
import type { PublicJobState } from './job-state';

const JOB_PHASES: JobPhase[] = ['queued', 'waiting-account', 'running', 'rate-limited', 'retrying', 'completed', 'failed'];

/** Spec: Job level, progress fields of a job. */
export class JobProgressDto {
  @ApiProperty({ enum: JOB_PHASES }) phase!: JobPhase;
  @ApiProperty({ description: 'Ход задачи, готовый текст для пользователя' }) message!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'Когда ожидающая задача продолжится' })
  resumeAt!: string | null;
  @ApiProperty() attempt!: number;
  @ApiProperty() maxAttempts!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'Счётчики задачи' })
  counters!: Record<string, number>;
}

/** Spec: Background job status, the read model every job status route answers. */
export class JobStatusDto {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({ enum: ['pending', 'active', 'completed', 'failed'] }) state!: PublicJobState;
  @ApiProperty({ nullable: true, type: JobProgressDto }) progress!: JobProgressDto | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true, description: 'Итог задачи, когда она выполнена' })
  result!: unknown;
  @ApiProperty({ nullable: true, type: String, description: 'Почему задача не удалась' }) failedReason!: string | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ nullable: true, type: Date }) finishedAt!: Date | null;
}

/** What a route that starts an account's job answers: its job, or the unfinished one of the account. */
export class JobStartedDto {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({ description: 'true: задача этого кабинета уже шла, jobId — её задача' }) alreadyRunning!: boolean;
}
