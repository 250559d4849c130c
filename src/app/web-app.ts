import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';

import { projectRoot } from '../common/runtime/project-root';
import type { ThrottleRouteConfig } from '../common/throttle/throttle.decorator';
import { pageHeaders } from './page-headers';

export const WEB_APP_PATH = '/app';

/** Where `npm run build` puts the web app. */
export function defaultWebRoot(): string {
  return join(projectRoot(), 'dist', 'web');
}

/** Vite names every file under assets/ by its content hash, so a changed file always has a new name. */
const HASHED_ASSETS = '/assets/';

function cacheControl(file: string): string {
  return file.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The app's own files are static, public and cheap: page loads from one office address must not exhaust its API limit. */
function skipThrottle(route: RouteOptions): void {
  route.config = { ...route.config, skipThrottle: true } satisfies ThrottleRouteConfig;
}

/**
 * The web app's static files under /app, index.html for every other /app path (the app routes in the browser) and
 * / redirected to /app, with the page headers (the product photos' origins allowed) and outside the inbound limit. Not mounted when the folder holds no
 * build; a missing asset stays an API 404 envelope.
 */
export async function mountWebApp(app: NestFastifyApplication, root: string, photoOrigins: readonly string[]): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) return;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await fastify.register(async (scope) => {
    scope.addHook('onRoute', skipThrottle);
    scope.addHook('onRequest', pageHeaders(photoOrigins));
    await scope.register(fastifyStatic, {
      root,
      prefix: `${WEB_APP_PATH}/`,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => reply.header('Cache-Control', cacheControl(file)),
    });
    const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');
    scope.get('/', (_request, reply) => reply.redirect(WEB_APP_PATH));
    scope.get(WEB_APP_PATH, (_request, reply) => sendIndex(reply));
    scope.get(`${WEB_APP_PATH}/*`, (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (path.startsWith(HASHED_ASSETS.slice(1))) return reply.callNotFound();
      return sendIndex(reply);
    });
  });
}
