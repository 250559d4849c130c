import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

import { HttpRequestMetrics } from './http-request-metrics';

describe('HttpRequestMetrics', () => {
  it('exposes counts and cumulative latency buckets per method, route and status', async () => {
    const registry = new Registry();
    const metrics = new HttpRequestMetrics();
    metrics.register(registry);
    metrics.observe('GET', '/a', 200, 0.001);
    metrics.observe('GET', '/a', 200, 0.02);
    metrics.observe('GET', '/a', 200, 30);
    metrics.observe('POST', '/a', 400, 0.003);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('http_requests_total{method="GET",route="/a",status="200"} 3');
    expect(text).toContain('http_requests_total{method="POST",route="/a",status="400"} 1');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.002",method="GET",route="/a",status="200"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.01",method="GET",route="/a",status="200"} 1');
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.025",method="GET",route="/a",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="10",method="GET",route="/a",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/a",status="200"} 3');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/a",status="200"} 3');
    expect(text).toMatch(/http_request_duration_seconds_sum\{method="GET",route="\/a",status="200"\} 30\.02\d*/);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="POST",route="/a",status="400"} 1');
  });

  it('puts a value equal to a bound in that bound', async () => {
    const registry = new Registry();
    const metrics = new HttpRequestMetrics();
    metrics.register(registry);
    metrics.observe('GET', '/b', 200, 0.005);
    expect(await registry.metrics()).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/b",status="200"} 1');
  });
});
