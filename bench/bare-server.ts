import Fastify from 'fastify';

/** The baseline: bare Fastify answering the same body as GET /health/live. */
const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/health/live', async () => ({ status: 'ok' }));
void app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
