import 'reflect-metadata';

import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

import { ApiFastifyAdapter } from '../src/app/api-fastify-adapter';
import { registerHttpHooks } from '../src/app/http-hooks';
import { httpServerOptions } from '../src/app/http-server-options';
import { createRootLogger } from '../src/app/root-logger';
import { loadConfig } from '../src/config/app-config';
import { HttpRequestMetrics } from '../src/metrics/http-request-metrics';

/**
 * The floor of a NestJS service: the required-work server's Fastify options and response hook, with the same route
 * answered by a Nest controller in an otherwise empty application (no guards, pipes, filters or other modules).
 */
@Controller()
class LivenessController {
  @Get('health/live')
  liveness(): { status: string } {
    return { status: 'ok' };
  }
}

@Module({ controllers: [LivenessController] })
class NestFloorModule {}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  const config = loadConfig(process.env);
  const metrics = new HttpRequestMetrics();
  const app = await NestFactory.create<NestFastifyApplication>(NestFloorModule, new ApiFastifyAdapter(httpServerOptions(config)), {
    logger: false,
  });
  registerHttpHooks(
    app.getHttpAdapter().getInstance() as unknown as FastifyInstance,
    { observeRequest: (method, route, status, seconds) => metrics.observe(method, route, status, seconds) },
    createRootLogger(config),
  );
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
