import { randomUUID } from 'node:crypto';

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BadInputCase, badInputCases } from './support/openapi-bad-input';
import { ContractOperation, contractOperations } from './support/openapi-contract';
import { answerProblem, injectOptions, mapLimited, PARALLEL_REQUESTS, RequestParts, validRequest } from './support/openapi-requests';
import { changedTables, rowCounter } from './support/openapi-row-counts';
import { ContractActor, ContractWorld, contractWorld } from './support/openapi-world';

// Spec: Errors. Every operation of the service's own contract gets malformed path parameters, query parameters of
// wrong types and sizes and bodies with wrong types, extreme numbers, long strings, deep nesting, unknown fields, an
// over-limit size and wrong content types: each answer is a 4xx in the envelope, or a 2xx where the contract's schemas
// take the input, never a 5xx, and the refused changes of an operation leave every table's row count as it was.

let world: ContractWorld;
let owner: ContractActor;
const failures = new Map<string, string[]>();
/** Operations whose valid request the generator could not make: their cases reach the validation only. */
const unexercised: string[] = [];

function send(actor: ContractActor, operation: ContractOperation, parts: RequestParts): Promise<LightMyRequestResponse> {
  return world.t.request(injectOptions(operation, parts, actor.auth));
}

/** A refused change must not write; a 401 or 429 may (a failed login is counted). */
function mustNotWrite(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 429;
}

interface Planned {
  operation: ContractOperation;
  actor: ContractActor;
  cases: BadInputCase[];
  statuses: number[];
  /** How long the valid request took: its valid-looking cases take as long. */
  latencyMs: number;
}

/**
 * The valid request of each operation in contract order, as the owner, or as the admin where the owner is refused (for
 * a delete the probe carries random ids and is the only request with valid input).
 */
async function plan(operation: ContractOperation): Promise<Planned> {
  const valid = validRequest(operation, owner);
  if (valid.unresolved.length) unexercised.push(`${operation.name}: no resource for ${valid.unresolved.join(', ')}`);
  const probe =
    operation.method === 'DELETE'
      ? { ...valid.parts, path: Object.fromEntries(Object.keys(valid.parts.path).map((name) => [name, randomUUID()])) }
      : valid.parts;
  let actor = owner;
  let started = Date.now();
  let response = await send(owner, operation, probe);
  if (response.statusCode === 403) {
    actor = world.admin;
    started = Date.now();
    response = await send(actor, operation, probe);
  }
  const latencyMs = Date.now() - started;
  const problem = answerProblem(response);
  if (problem) failures.get(operation.name)!.push(`valid request: ${problem}`);
  else if (operation.method !== 'DELETE' && response.statusCode >= 300)
    unexercised.push(`${operation.name}: its valid request answers ${response.statusCode} ${response.body.slice(0, 200)}`);
  return { operation, actor, cases: badInputCases(operation, valid, owner.known), statuses: [], latencyMs };
}

/** Sends every case of the operations, a few at a time, and keeps each answer's status and what is wrong with it. */
async function answer(planned: Planned[], inFlight: number): Promise<void> {
  // Operations side by side, the slowest first, two cases of each at a time: the valid ones of a slow operation (runs of
  // one account take turns, logins hash) do not hold every slot.
  const slowestFirst = [...planned].sort((x, y) => y.latencyMs * y.cases.length - x.latencyMs * x.cases.length);
  await mapLimited(slowestFirst, inFlight / 2, (p) =>
    mapLimited(p.cases, 2, async (c) => {
      const response = await send(p.actor, p.operation, c.parts);
      p.statuses[p.cases.indexOf(c)] = response.statusCode;
      const problem = answerProblem(response);
      if (problem) failures.get(p.operation.name)!.push(`${c.label}: ${problem}`);
      else if (c.refusedByContract && response.statusCode < 300)
        failures.get(p.operation.name)!.push(`${c.label}: ${response.statusCode}, yet the contract refuses it`);
    }),
  );
}

/** The refused cases of a change again, alone: together they must leave every table's row count as it was. */
async function recheckRefused(
  { operation, actor, cases, statuses }: Planned,
  readCounts: () => Promise<Record<string, number>>,
  inFlight: number,
): Promise<void> {
  const refused = cases.filter((_, index) => mustNotWrite(statuses[index]));
  const before = await readCounts();
  const again = await mapLimited(refused, inFlight, (c) => send(actor, operation, c.parts));
  const changed = changedTables(before, await readCounts());
  if (changed && again.every((response) => mustNotWrite(response.statusCode)))
    failures.get(operation.name)!.push(`${refused.length} refused cases changed ${changed}`);
}

async function answerAll(operations: ContractOperation[]): Promise<void> {
  const planned: Planned[] = [];
  for (const operation of operations) planned.push(await plan(operation));
  const changes = planned.filter((p) => p.operation.method !== 'GET' && p.operation.method !== 'DELETE');
  const deletes = planned.filter((p) => p.operation.method === 'DELETE');
  // Deletes only after every other change's cases have been answered.
  await answer(changes, PARALLEL_REQUESTS);
  await answer(deletes, PARALLEL_REQUESTS);
  const readCounts = await rowCounter(world.db);
  // Reading operations write nothing: their cases are answered beside the rechecks of the changes.
  const recheck = async () => {
    for (const p of [...changes, ...deletes]) await recheckRefused(p, readCounts, PARALLEL_REQUESTS / 2);
  };
  await Promise.all([
    answer(
      planned.filter((p) => p.operation.method === 'GET'),
      PARALLEL_REQUESTS / 2,
    ),
    recheck(),
  ]);
}

// The operations come from the running service's contract, so the suite is collected after the service starts.
describe('bad input on every operation of the OpenAPI contract', async () => {
  world = await contractWorld(1);
  [owner] = world.sellers;
  afterAll(() => world.close());
  // A delete's valid request (random ids) and its cases come after every other change's, so that a broken one cannot
  // take away another operation's resource before that operation is tried.
  const operations = contractOperations(world.t.app).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  for (const operation of operations) failures.set(operation.name, []);
  // Some minutes on a loaded machine: the whole suite runs four files at once.
  beforeAll(() => answerAll(operations), 240_000);

  it.each(operations.map((operation) => [operation.name]))(
    '%s answers a 4xx envelope (a 2xx only to what the contract takes), never a 5xx, and refusals change nothing',
    (name) => {
      const found = failures.get(name)!;
      if (found.length) expect.fail(`${name}: ${found.length} failing cases\n${found.join('\n')}`);
    },
  );

  it('fills a valid request for every operation but a short list, named in the output', () => {
    if (unexercised.length) console.log(`Operations the bad-input generator cannot fill validly:\n  ${unexercised.join('\n  ')}`);
    expect(unexercised.length).toBeLessThanOrEqual(3);
  });
});
