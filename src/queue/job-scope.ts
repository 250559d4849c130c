import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { DataScopeService } from '../common/auth/data-scope.service';
import { readId, requireUuid } from '../common/auth/scope.guard';
import { AppError } from '../common/errors/app-error';
import { ApiUuidParam } from '../common/validation/uuid-param';
import type { AccountJobPayload } from './account-fan-out';
import type { JobDefinition } from './job-definition';
import { JobStatus, QueueService } from './queue.service';

/**
 * Who sees a job besides admins: `account` — whoever may reach the job's account; `author` — the user who started it
 * (for a scheduled one, the account's owner), admins every one.
 */
type JobVisibility = 'account' | 'author';

interface JobScopeOptions {
  definitions: readonly JobDefinition<unknown>[];
  notFound: string;
  visibleTo: JobVisibility;
}

/** The payload fields visibility reads: every job a status route shows is a job of one account. */
type ScopedPayload = AccountJobPayload & { userId?: string | null };

const JOB_SCOPE = Symbol('JOB_SCOPE');
const SCOPED_JOB = Symbol('SCOPED_JOB');
const SCOPED_JOB_ACCOUNT = Symbol('SCOPED_JOB_ACCOUNT');
const JOB_ID = 'jobId';

type JobRequest = FastifyRequest & { user: AuthenticatedUser; [SCOPED_JOB]?: JobStatus; [SCOPED_JOB_ACCOUNT]?: string };

@Injectable()
export class JobScopeGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly queues: QueueService,
    private readonly scope: DataScopeService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { definitions, notFound, visibleTo } = this.reflector.get<JobScopeOptions>(JOB_SCOPE, context.getHandler());
    const request = context.switchToHttp().getRequest<JobRequest>();
    const jobId = requireUuid(readId(request, 'param', JOB_ID), JOB_ID);
    const job = await this.queues.find(definitions, jobId);
    if (!job || !(await this.visible(request.user, job.data as ScopedPayload, visibleTo))) throw AppError.notFound(notFound);
    // Found a moment ago; a job removed since answers 404 like an unknown one.
    const status = await this.queues.status({ name: job.name, queue: job.queueName }, jobId);
    if (!status) throw AppError.notFound(notFound);
    request[SCOPED_JOB] = status;
    request[SCOPED_JOB_ACCOUNT] = (job.data as ScopedPayload).mpAccountId;
    return true;
  }

  private async visible(user: AuthenticatedUser, data: ScopedPayload, visibleTo: JobVisibility): Promise<boolean> {
    if (visibleTo === 'author' && user.role === 'admin') return true;
    if (visibleTo === 'author' && data.userId) return data.userId === user.id;
    return this.scope.accountScope(user, data.mpAccountId, false).then(
      () => true,
      () => false,
    );
  }
}

/**
 * For `…/status/:jobId` routes: the job must be of one of `definitions` and visible to the user, otherwise 404
 * `notFound` (a foreign job answers like an unknown one); the handler takes its status with @ScopedJob().
 */
export function JobScope(
  definitions: readonly JobDefinition<unknown>[],
  notFound: string,
  { visibleTo }: { visibleTo: JobVisibility },
): MethodDecorator {
  return applyDecorators(SetMetadata(JOB_SCOPE, { definitions, notFound, visibleTo }), UseGuards(JobScopeGuard), ApiUuidParam(JOB_ID));
}

/** The status of the job @JobScope found for this request. */
export const ScopedJob = createParamDecorator((_data: unknown, context: ExecutionContext): JobStatus => {
  return context.switchToHttp().getRequest<Required<JobRequest>>()[SCOPED_JOB];
});

/** The account of the job @JobScope found for this request, for a status that shows something of the account too. */
export const ScopedJobAccount = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<Required<JobRequest>>()[SCOPED_JOB_ACCOUNT];
});
