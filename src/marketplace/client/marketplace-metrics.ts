import { Counter, Histogram, Registry } from 'prom-client';

/** Marketplace calls by scope: answers by status class, retries by reason, 429s received, token waits. */
export class MarketplaceMetrics {
  private readonly calls: Counter<'scope' | 'status'>;
  private readonly retries: Counter<'scope' | 'reason'>;
  private readonly rateLimited: Counter<'scope'>;
  private readonly tokenWait: Histogram<'scope'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.calls = new Counter({
      name: 'mp_calls_total',
      help: 'Marketplace calls by scope and answer (2xx, 4xx, 5xx, network, timeout)',
      labelNames: ['scope', 'status'],
      registers,
    });
    this.retries = new Counter({
      name: 'mp_retries_total',
      help: 'Marketplace call retries by scope and reason',
      labelNames: ['scope', 'reason'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'mp_rate_limited_total',
      help: '429 answers received from the marketplace by scope',
      labelNames: ['scope'],
      registers,
    });
    this.tokenWait = new Histogram({
      name: 'mp_token_wait_seconds',
      help: 'Time a marketplace call waited for an outbound rate token, by scope',
      labelNames: ['scope'],
      buckets: [0, 0.05, 0.25, 1, 5, 15, 30, 60, 125],
      registers,
    });
  }

  call(scope: string, status: string): void {
    this.calls.inc({ scope, status });
  }

  retry(scope: string, reason: string): void {
    this.retries.inc({ scope, reason });
  }

  received429(scope: string): void {
    this.rateLimited.inc({ scope });
  }

  waited(scope: string, ms: number): void {
    this.tokenWait.observe({ scope }, ms / 1000);
  }
}
