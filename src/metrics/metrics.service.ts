import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

import { QueueService } from '../queue/queue.service';
import { HttpRequestMetrics } from './http-request-metrics';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized'] as const;

/** Prometheus metrics of this process: HTTP by route and status, queue depths, process metrics. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly http = new HttpRequestMetrics();

  constructor(queues: QueueService) {
    collectDefaultMetrics({ register: this.registry });
    this.http.register(this.registry);
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs per queue and state',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        await Promise.all(
          queues.allQueues().map(async (queue) => {
            const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => null);
            if (!counts) return;
            for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.http.observe(method, route, status, seconds);
  }
}
