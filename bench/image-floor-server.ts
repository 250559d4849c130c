import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/**
 * The baselines of the public image address: bare Fastify serving the same file with @fastify/static under /static/
 * (the file read from the page cache), and its bytes from memory under /memory. Arguments: folder, file name, port.
 */
const [root, name, port] = process.argv.slice(2);
const bytes = readFileSync(join(root, name));
const app = Fastify({ logger: false });
void app.register(fastifyStatic, { root, prefix: '/static/' });
app.get('/health/live', async () => ({ status: 'ok' }));
app.get('/memory', (_request, reply) => {
  void reply.header('Content-Type', 'image/png').send(bytes);
});
void app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
