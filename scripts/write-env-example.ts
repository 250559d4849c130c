import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from '../src/common/runtime/project-root';
import { renderEnvExample, renderEnvTable } from '../src/config/env-docs';

/** Rewrites .env.example and the env table between the README markers. */
const root = projectRoot();
writeFileSync(join(root, '.env.example'), renderEnvExample());
const readmePath = join(root, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const start = '<!-- env-table:start -->';
const end = '<!-- env-table:end -->';
if (readme.includes(start) && readme.includes(end)) {
  const updated = `${readme.slice(0, readme.indexOf(start) + start.length)}\n${renderEnvTable()}\n${readme.slice(readme.indexOf(end))}`;
  writeFileSync(readmePath, updated);
}
process.stdout.write('.env.example and README env table written\n');
