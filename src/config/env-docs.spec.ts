import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { projectRoot } from '../common/runtime/project-root';
import { ENV_DEFINITIONS } from './env-definitions';
import { renderEnvExample, renderEnvTable } from './env-docs';

describe('environment documentation', () => {
  it('.env.example lists every variable with its default (npm run env:example rewrites it)', () => {
    expect(readFileSync(join(projectRoot(), '.env.example'), 'utf8')).toBe(renderEnvExample());
  });

  it('the README has the same table', () => {
    expect(readFileSync(join(projectRoot(), 'README.md'), 'utf8')).toContain(renderEnvTable());
  });

  it('documents every variable with a line of meaning', () => {
    for (const [name, definition] of Object.entries(ENV_DEFINITIONS)) expect(definition.description.length, name).toBeGreaterThan(10);
  });
});
