import type { Registry } from 'prom-client';

/** Upper bounds of the latency histogram, in seconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative; the last slot is +Inf. */
  perBucket: number[];
}

interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/**
 * Request count and latency by method, route and status. Observing is three map lookups and two additions;
 * prom-client's own counter and histogram hashed and validated the labels on every request.
 * The lookups go by route, method and status in turn: those strings are the router's and the parser's own, their hashes
 * kept, where one joined key was a new string to hash on every request. The values become Prometheus series only when scraped.
 */
export class HttpRequestMetrics {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private readonly series: Series[] = [];

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        perBucket: new Array<number>(BUCKETS.length + 1).fill(0),
      };
      byStatus.set(status, series);
      this.series.push(series);
    }
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]) bucket += 1;
    series.perBucket[bucket] += 1;
  }

  register(registry: Registry): void {
    const all = () => this.series;
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]) => ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => {
        this.byRoute.clear();
        this.series.length = 0;
      },
    });
    registry.registerMetric(
      metric('http_requests_total', 'HTTP requests', 'counter', () => all().map((s) => ({ value: s.count, labels: s.labels }))) as never,
    );
    registry.registerMetric(
      metric('http_request_duration_seconds', 'HTTP request latency', 'histogram', () =>
        all().flatMap((s) => {
          let cumulative = 0;
          const buckets = [...BUCKETS, Number.POSITIVE_INFINITY].map((bound, index) => {
            cumulative += s.perBucket[index];
            return {
              metricName: 'http_request_duration_seconds_bucket',
              value: cumulative,
              labels: { le: bound === Number.POSITIVE_INFINITY ? '+Inf' : bound, ...s.labels },
            };
          });
          return [
            ...buckets,
            { metricName: 'http_request_duration_seconds_sum', value: s.sum, labels: s.labels },
            { metricName: 'http_request_duration_seconds_count', value: s.count, labels: s.labels },
          ];
        }),
      ) as never,
    );
  }
}
