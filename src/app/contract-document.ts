import type { OpenAPIObject } from '@nestjs/swagger';

import { loadConfig } from '../config/app-config';
import { createApp } from './create-app';
import { buildOpenApiDocument } from './openapi';

/**
 * The service's OpenAPI document as `npm run openapi` writes it, built without touching PostgreSQL or Redis: both
 * clients connect lazily and nothing queries them.
 */
export async function contractDocument(env: NodeJS.ProcessEnv): Promise<OpenAPIObject> {
  const config = loadConfig({ ...env, NODE_ENV: 'development', APP_ROLE: 'api', LOG_LEVEL: 'warn' });
  const app = await createApp(config, { withoutOpsRoutes: true });
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
