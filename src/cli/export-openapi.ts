import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { contractDocument } from '../app/contract-document';
import { projectRoot } from '../common/runtime/project-root';
import { runCli } from './run-cli';

runCli(async () => {
  const target = process.argv[2] ?? join(projectRoot(), 'openapi.json');
  writeFileSync(target, `${JSON.stringify(await contractDocument(process.env), null, 2)}\n`);
  process.stdout.write(`OpenAPI written to ${target}\n`);
});
