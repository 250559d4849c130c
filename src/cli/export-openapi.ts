import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createApp } from '../app/create-app';
import { buildOpenApiDocument } from '../app/openapi';
import { projectRoot } from '../common/runtime/project-root';
import { loadConfig } from '../config/app-config';
import { runCli } from './run-cli';

/** Writes openapi.json without touching PostgreSQL or Redis: both clients connect lazily and nothing queries them. */
runCli(async () => {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', APP_ROLE: 'api', LOG_LEVEL: 'warn' });
  const app = await createApp(config, { withoutOpsRoutes: true });
  const target = process.argv[2] ?? join(projectRoot(), 'openapi.json');
  writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  await app.close();
  process.stdout.write(`OpenAPI written to ${target}\n`);
});
