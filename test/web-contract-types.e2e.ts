import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { expect, it } from 'vitest';

import { contractDocument } from '../src/app/contract-document';
import { projectRoot } from '../src/common/runtime/project-root';

const SCHEMA_TYPES = 'web/src/api/schema.d.ts';

/** The first line where two texts differ, with both versions, or undefined when they are the same. */
function firstDifference(committed: string, generated: string): string | undefined {
  if (committed === generated) return undefined;
  const [left, right] = [committed.split('\n'), generated.split('\n')];
  const line = left.findIndex((text, index) => text !== right[index]);
  const at = line === -1 ? left.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(left[at])}, generated ${JSON.stringify(right[at])}`;
}

it("the web app's contract types are what openapi-typescript makes of the service's OpenAPI document", async () => {
  const document = await contractDocument(process.env);
  // As the openapi-typescript command line writes its output file.
  const generated = `${COMMENT_HEADER}${astToString(await openapiTS(document as unknown as OpenAPI3, { silent: true }))}`;
  const committed = readFileSync(join(projectRoot(), SCHEMA_TYPES), 'utf8');
  expect(firstDifference(committed, generated), `${SCHEMA_TYPES} is out of date: run \`npm run web:client\` and commit it`).toBeUndefined();
});
