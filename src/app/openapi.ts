import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';

import { PUBLIC_EXTENSION } from '../common/auth/public.decorator';
import { ApiErrorBodyDto } from '../common/errors/api-error-body.dto';
import { AppConfig } from '../config/app-config';
import { readAppVersion } from '../modules/health/app-version';
import { basicAuthHook } from './basic-auth';
import { pageHeadersUnder } from './page-headers';

export const SECURITY_SCHEME = 'access-token';
export const API_DOCS_PATH = 'api/docs';

/** Spec: Errors. The contract adds these responses to every operation. */
const ERROR_RESPONSES: Record<string, string> = {
  '400': 'VALIDATION_FAILED или BAD_REQUEST',
  '401': 'UNAUTHORIZED',
  '403': 'FORBIDDEN',
  '404': 'NOT_FOUND',
  '429': 'TOO_MANY_REQUESTS (заголовок Retry-After)',
  '500': 'INTERNAL_ERROR',
  '502': 'MP_AUTH_FAILED, MP_UNAVAILABLE или LLM_UNAVAILABLE',
};

/** Added to every operation that takes a body. */
const BODY_ERROR_RESPONSES: Record<string, string> = {
  '415': 'UNSUPPORTED_MEDIA_TYPE: тело не application/json',
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Seller Operations API')
    .setDescription('Цены, репрайсер, автоответы, импорт, каталог, рекламные бюджеты и ставки для продавцов маркетплейса')
    .setVersion(readAppVersion().version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, SECURITY_SCHEME)
    .addSecurityRequirements(SECURITY_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ApiErrorBodyDto] });
  const errorSchema = { $ref: '#/components/schemas/ApiErrorBodyDto' };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as (Record<string, unknown> & { responses: Record<string, unknown> }) | undefined;
      if (!operation) continue;
      const responses = operation.requestBody ? { ...ERROR_RESPONSES, ...BODY_ERROR_RESPONSES } : ERROR_RESPONSES;
      for (const [status, description] of Object.entries(responses)) {
        operation.responses[status] ??= { description, content: { 'application/json': { schema: errorSchema } } };
      }
      if (operation[PUBLIC_EXTENSION]) {
        operation.security = [];
        delete operation[PUBLIC_EXTENSION];
      }
    }
  }
  return document;
}

/**
 * Swagger UI at /api/docs and the JSON at /api/docs-json, with the page headers; behind Basic only when
 * API_DOCS_USER/PASSWORD are set.
 */
export function setupApiDocs(app: INestApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRoute', pageHeadersUnder(`/${API_DOCS_PATH}`, config.marketplace.photoOrigins));
  if (config.ops.apiDocs) {
    const guard = basicAuthHook(config.ops.apiDocs, 'api-docs');
    // The route the request was matched to, not its raw target: /%61pi/docs-json is routed to /api/docs-json too.
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url?.startsWith(`/${API_DOCS_PATH}`)) await guard(request, reply);
    });
  }
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildOpenApiDocument(app), { jsonDocumentUrl: `${API_DOCS_PATH}-json` });
}
