import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Job } from 'bullmq';

import { JobDefinition } from './job-definition';
import { JOB_HANDLER } from './job-handler.decorator';

export interface DiscoveredJob {
  definition: JobDefinition<unknown>;
  handle: (payload: unknown, job: Job) => Promise<unknown>;
}

/** Finds every @JobHandler; a job with two handlers stops the start. */
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
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[method] as (payload: unknown, job: Job) => Promise<unknown>;
        const definition = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_HANDLER, handler);
        if (!definition) continue;
        if (jobs.has(definition.name)) throw new Error(`Job ${definition.name} has more than one handler`);
        jobs.set(definition.name, { definition, handle: handler.bind(instance) });
      }
    }
    this.jobs = jobs;
    return jobs;
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
