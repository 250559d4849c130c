import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { AppError } from '../common/errors/app-error';
import { sendError } from '../common/errors/send-error';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { QueueService } from '../queue/queue.service';
import { basicAuthHook, opsAccess } from './basic-auth';

export const QUEUE_BOARD_PATH = '/admin/queues';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The board only shows the queues: adding, editing, retrying, cleaning, promoting, pausing or emptying would act on
 * sellers' jobs outside every rule and audit of the service. Its own read-only mode hides those actions; this refuses
 * their routes, and any the board may add, in the envelope.
 */
async function refuseBoardWrites(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (READ_METHODS.has(request.method)) return undefined;
  sendError(request, reply, new AppError('FORBIDDEN', 'Панель очередей доступна только для чтения'));
  return reply;
}

/** GET /metrics and the read-only queue board at /admin/queues, outside Nest's guards: they have their own access rule. */
export async function mountOpsRoutes(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  const metricsAccess = opsAccess(config, config.ops.metrics);
  if (metricsAccess.mode !== 'off') {
    const metrics = app.get(MetricsService);
    fastify.get('/metrics', {
      onRequest: metricsAccess.mode === 'basic' ? basicAuthHook(metricsAccess.pair, 'metrics') : undefined,
      handler: async (_request, reply) => reply.header('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics()),
    });
  }

  const boardAccess = opsAccess(config, config.ops.queueBoard);
  if (boardAccess.mode !== 'off') {
    const serverAdapter = new BullBoardFastifyAdapter();
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: app
        .get(QueueService)
        .allQueues()
        .map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
      serverAdapter,
    });
    await fastify.register(async (scope) => {
      if (boardAccess.mode === 'basic') scope.addHook('onRequest', basicAuthHook(boardAccess.pair, 'queues'));
      scope.addHook('onRequest', refuseBoardWrites);
      await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_BOARD_PATH });
    });
  }
}
