import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Job } from 'bullmq';

import { definedJobs, JobDefinition } from './job-definition';
import { JOB_FAILED_HANDLER, JOB_HANDLER } from './job-handler.decorator';

export interface DiscoveredJob {
  definition: JobDefinition<unknown>;
  handle: (payload: unknown, job: Job) => Promise<unknown>;
  /** The job's @JobFailedHandler, if it has one. */
  failed?: (job: Job, message: string) => Promise<void>;
}

type HandlerMethod = (...args: unknown[]) => Promise<unknown>;

/** Finds every @JobHandler and @JobFailedHandler; a job with two handlers, or none, stops the start. */
@Injectable()
export class JobDiscoveryService implements OnModuleInit {
  private jobs: Map<string, DiscoveredJob> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** The start-up check; the ops routes may have asked earlier (providers exist as soon as the app is created). */
  onModuleInit(): void {
    this.discovered();
  }

  private discovered(): Map<string, DiscoveredJob> {
    if (this.jobs) return this.jobs;
    const jobs = new Map<string, DiscoveredJob>();
    const failureHandlers = new Map<string, DiscoveredJob['failed']>();
    for (const { instance, method } of this.handlerMethods()) {
      const definition = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_HANDLER, method);
      if (definition) {
        if (jobs.has(definition.name)) throw new Error(`Job ${definition.name} has more than one handler`);
        jobs.set(definition.name, { definition, handle: method.bind(instance) as DiscoveredJob['handle'] });
      }
      for (const failing of this.reflector.get<JobDefinition<unknown>[] | undefined>(JOB_FAILED_HANDLER, method) ?? []) {
        if (failureHandlers.has(failing.name)) throw new Error(`Job ${failing.name} has more than one failure handler`);
        failureHandlers.set(failing.name, method.bind(instance) as DiscoveredJob['failed']);
      }
    }
    const queues = new Set([...jobs.values()].map((job) => job.definition.queue));
    // Its queue's worker would take such a job and could only fail it.
    const unhandled = definedJobs().find((definition) => queues.has(definition.queue) && !jobs.has(definition.name));
    if (unhandled) throw new Error(`Job ${unhandled.name} has no handler`);
    for (const [name, failed] of failureHandlers) {
      const job = jobs.get(name);
      if (!job) throw new Error(`Job ${name} has a failure handler but no handler`);
      job.failed = failed;
    }
    this.jobs = jobs;
    return jobs;
  }

  private *handlerMethods(): Generator<{ instance: object; method: HandlerMethod }> {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        yield { instance, method: instance[name] as HandlerMethod };
      }
    }
  }

  all(): DiscoveredJob[] {
    return [...this.discovered().values()];
  }

  queueNames(): string[] {
    return [...new Set(this.all().map((job) => job.definition.queue))].sort();
  }

  get(name: string): DiscoveredJob | undefined {
    return this.discovered().get(name);
  }
}
