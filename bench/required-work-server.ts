import Fastify from 'fastify';

import { registerHttpHooks } from '../src/app/http-hooks';
import { httpServerOptions } from '../src/app/http-server-options';
import { createRootLogger } from '../src/app/root-logger';
import { loadConfig } from '../src/config/app-config';
import { HttpRequestMetrics } from '../src/metrics/http-request-metrics';

/**
 * The floor of what every request of the service must pay, without NestJS: bare Fastify with the service's own server
 * options (timeouts, request ids) and its response hook (X-Request-Id, request metrics, the request line), answering
 * the same body as GET /health/live.
 */
const port = Number(process.argv[2]);
const config = loadConfig(process.env);
const metrics = new HttpRequestMetrics();
const app = Fastify(httpServerOptions(config));
registerHttpHooks(
  app,
  { observeRequest: (method, route, status, seconds) => metrics.observe(method, route, status, seconds) },
  createRootLogger(config),
);
app.get('/health/live', async () => ({ status: 'ok' }));
void app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
