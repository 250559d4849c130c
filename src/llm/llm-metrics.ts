import { Counter, Registry } from 'prom-client';

/** AI provider calls by answer: 2xx, 4xx, 5xx, network or timeout. */
export class LlmMetrics {
  private readonly calls: Counter<'status'>;

  constructor(registry: Registry) {
    this.calls = new Counter({
      name: 'llm_calls_total',
      help: 'AI provider calls by answer (2xx, 4xx, 5xx, network, timeout)',
      labelNames: ['status'],
      registers: [registry],
    });
  }

  call(status: string): void {
    this.calls.inc({ status });
  }
}
