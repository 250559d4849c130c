import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Job } from 'bullmq';
import { JobDefinition } from './job-definition';
import { JOB_HANDLER } from './job-handler.decorator';

export interface DiscoveredJob {
  definition: JobDefinition<unknown>;
  handle: (payload: unknown, job: Job) => Promise<unknown>;
}

/** Finds every @JobHandler at start; a job with two handlers stops the process. */
@Injectable()
export class JobDiscoveryService implements OnModuleInit {
  private readonly jobs = new Map<string, DiscoveredJob>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[method] as (payload: unknown, job: Job) => Promise<unknown>;
        const definition = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_HANDLER, handler);
        if (!definition) continue;
        if (this.jobs.has(definition.name)) throw new Error(`Job ${definition.name} has more than one handler`);
        this.jobs.set(definition.name, { definition, handle: handler.bind(instance) });
      }
    }
  }

  all(): DiscoveredJob[] {
    return [...this.jobs.values()];
  }

  queueNames(): string[] {
    return [...new Set(this.all().map((job) => job.definition.queue))].sort();
  }

  get(name: string): DiscoveredJob | undefined {
    return this.jobs.get(name);
  }
}
