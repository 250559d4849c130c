import { randomUUID } from 'node:crypto';

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ContractOperation, contractOperations, queryPairs, Schema } from './support/openapi-contract';
import {
  answerProblem,
  formWith,
  injectOptions,
  knownOf,
  mapLimited,
  PARALLEL_REQUESTS,
  pathValueOf,
  RequestParts,
  validRequest,
} from './support/openapi-requests';
import { changedTables, rowCounter } from './support/openapi-row-counts';
import { ContractActor, ContractWorld, contractWorld } from './support/openapi-world';

// Spec: Access. Two sellers, each with an account and one resource of each kind. For every operation of the service's
// own contract that takes mpAccountId or an id, seller B's request with seller A's id answers exactly like one with a
// random id (404 for an account or a path id: no existence oracle), never a 2xx or 403, and changes nothing; no answer
// B gets carries any of A's ids (those of its resources and every uuid in A's own answers), so that no list contains
// another seller's items.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

let world: ContractWorld;
let a: ContractActor;
let b: ContractActor;

/** A place of a request that holds an id: a path parameter, or a uuid query parameter or body field named like a known value. */
interface Slot {
  in: 'path' | 'query' | 'body';
  name: string;
}

interface Answer {
  status: number;
  body: string;
  problem: string | null;
  refusal: unknown;
}

interface Compared {
  slot: Slot;
  foreign: Answer;
  random: Answer;
}

interface Checked {
  operation: ContractOperation;
  slots: Slot[];
  /** B's request with B's own ids in every slot. */
  own: RequestParts;
  compared: Compared[];
  failures: string[];
  adminOnly?: boolean;
  unexercised?: string;
}

function slotsOf(operation: ContractOperation): Slot[] {
  const named = (schema: Schema, name: string) => schema.format === 'uuid' && name in b.known;
  return [
    ...operation.parameters.filter((p) => p.in === 'path' || named(p.schema, p.name)).map((p) => ({ in: p.in, name: p.name })),
    ...Object.entries((operation.body?.properties ?? operation.form?.properties ?? {}) as Record<string, Schema>)
      .filter(([name, schema]) => named(schema, name))
      .map(([name]) => ({ in: 'body' as const, name })),
  ];
}

/** The id an actor has for a slot: its value of the path parameter, else its known value of that name for the operation. */
function idOf(actor: ContractActor, operation: ContractOperation, slot: Slot): string | undefined {
  const id = slot.in === 'path' ? pathValueOf(actor, operation, slot.name) : knownOf(actor, operation)[slot.name];
  return id === undefined ? undefined : String(id);
}

function ownRequest(operation: ContractOperation, slots: Slot[]): RequestParts {
  const valid = validRequest(operation, b);
  const query = { ...valid.query };
  const body = valid.body === undefined ? undefined : { ...(valid.body as Record<string, unknown>) };
  let form = valid.parts.form;
  for (const slot of slots) {
    if (slot.in === 'query') query[slot.name] = idOf(b, operation, slot);
    if (slot.in === 'body' && form) form = formWith(form, slot.name, idOf(b, operation, slot)!);
    else if (slot.in === 'body') body![slot.name] = idOf(b, operation, slot);
  }
  return { path: valid.parts.path, query: queryPairs(query), body: body === undefined ? undefined : JSON.stringify(body), form };
}

function withSlot(parts: RequestParts, slot: Slot, id: string): RequestParts {
  if (slot.in === 'path') return { ...parts, path: { ...parts.path, [slot.name]: encodeURIComponent(id) } };
  if (slot.in === 'query')
    return { ...parts, query: [...parts.query.filter(([name]) => name !== slot.name), [slot.name, encodeURIComponent(id)]] };
  if (parts.form) return { ...parts, form: formWith(parts.form, slot.name, id) };
  return { ...parts, body: JSON.stringify({ ...JSON.parse(parts.body!), [slot.name]: id }) };
}

async function send(actor: ContractActor, operation: ContractOperation, parts: RequestParts): Promise<Answer> {
  const response: LightMyRequestResponse = await world.t.request(injectOptions(operation, parts, actor.auth));
  const problem = answerProblem(response);
  const error = response.statusCode >= 400 && !problem ? response.json() : null;
  return {
    status: response.statusCode,
    body: response.body,
    problem,
    refusal: { status: response.statusCode, code: error?.code, message: error?.message, details: error?.details },
  };
}

function idsOf(actor: ContractActor): string[] {
  return [actor.userId, ...Object.values(actor.resources), ...Object.values(actor.known).map(String)].filter((id) => UUID.test(id));
}

/** A's ids: its user's, its resources', and every uuid in A's own answers to the reading operations. */
const idsOfA = new Set<string>();

/** A's answers to every reading operation; the uuids in them, but the admin's and B's, are A's too. */
async function collectIdsOfA(operations: ContractOperation[]): Promise<void> {
  const reads = operations.filter((operation) => operation.method === 'GET');
  const answers = await mapLimited(reads, PARALLEL_REQUESTS, (operation) => send(a, operation, validRequest(operation, a).parts));
  const notOfA = new Set([world.admin.userId, ...idsOf(b)]);
  for (const id of idsOf(a)) idsOfA.add(id);
  const before = idsOfA.size;
  for (const answer of answers.filter((entry) => entry.status < 300)) {
    for (const [id] of answer.body.matchAll(UUIDS)) if (!notOfA.has(id)) idsOfA.add(id);
  }
  harvested = idsOfA.size - before;
}

function leaks(answer: Answer): string[] {
  return answer.status < 300 ? [...idsOfA].filter((id) => answer.body.includes(id)) : [];
}

/** Deletes run after everything else, later modules' first (they build on the earlier ones: a rule before its account). */
function deletesLast(list: Checked[]): Checked[][] {
  return [list.filter((c) => c.operation.method !== 'DELETE'), list.filter((c) => c.operation.method === 'DELETE').reverse()];
}

/**
 * A random id of the slot's kind: a uuid, or a whole number for a marketplace id in the path (a campaign's advertId, or
 * a supply's int64 id written as digits).
 */
function randomIdOf(operation: ContractOperation, slot: Slot): string {
  const parameter = operation.parameters.find((p) => p.in === slot.in && p.name === slot.name);
  const digits = parameter?.schema.type === 'integer' || parameter?.schema.pattern?.startsWith('^[1-9]\\d');
  return digits ? String(1_000_000_000 + Math.floor(Math.random() * 1_000_000_000)) : randomUUID();
}

/** B sends A's id, then a random one, in each slot. */
async function compareForeign(checked: Checked[]): Promise<void> {
  for (const batch of deletesLast(checked)) {
    const pairs = batch.flatMap((c) => c.slots.map((slot) => ({ c, slot, foreignId: idOf(a, c.operation, slot) })));
    await mapLimited(pairs, PARALLEL_REQUESTS, async ({ c, slot, foreignId }) => {
      if (foreignId === undefined) return void (c.unexercised ??= `A has no id for ${slot.in} ${slot.name}`);
      const foreign = await send(b, c.operation, withSlot(c.own, slot, foreignId));
      const random = await send(b, c.operation, withSlot(c.own, slot, randomIdOf(c.operation, slot)));
      c.compared.push({ slot, foreign, random });
    });
  }
}

/** B's own requests: they tell an admin-only operation (403) and one the generator cannot fill; no answer carries A's ids. */
async function ownRequests(checked: Checked[]): Promise<void> {
  const [others, deletes] = deletesLast(checked);
  const run = async (c: Checked) => {
    if (validRequest(c.operation, b).unresolved.length) c.unexercised ??= 'B has no resource of its kind';
    const answer = await send(b, c.operation, c.own);
    if (answer.problem) c.failures.push(`B's own request: ${answer.problem}`);
    if (answer.status === 403) c.adminOnly = true;
    else if (answer.status >= 300) c.unexercised ??= `B's own request answers ${answer.status} ${answer.body.slice(0, 200)}`;
    for (const id of leaks(answer)) c.failures.push(`B's own request: the answer carries A's id ${id}`);
  };
  await mapLimited(others, PARALLEL_REQUESTS, run);
  for (const c of deletes) await run(c);
}

function judge(c: Checked): void {
  for (const { slot, foreign, random } of c.compared) {
    const where = `${slot.in} ${slot.name} of A`;
    for (const problem of [foreign.problem, random.problem].filter(Boolean)) c.failures.push(`${where}: ${problem}`);
    for (const id of leaks(foreign)) c.failures.push(`${where}: the answer carries A's id ${id}`);
    if (c.adminOnly) continue;
    if (foreign.status === 403 || (foreign.status < 300 && random.status >= 300))
      c.failures.push(`${where}: answers ${foreign.status} ${foreign.body.slice(0, 200)}`);
    else if (JSON.stringify(foreign.refusal) !== JSON.stringify(random.refusal)) {
      c.failures.push(`${where}: answers ${JSON.stringify(foreign.refusal)}, a random id ${JSON.stringify(random.refusal)}`);
    } else if (!c.unexercised && (slot.in === 'path' || slot.name === 'mpAccountId') && foreign.status !== 404) {
      c.failures.push(`${where}: answers ${foreign.status}, not 404`);
    }
  }
}

const checkedByName = new Map<string, Checked>();
const phaseFailures: string[] = [];
/** Ids of A's found in A's answers beyond the resources the fixtures made. */
let harvested = 0;

async function checkAll(operations: ContractOperation[]): Promise<void> {
  const checked = operations.map((operation) => {
    const slots = slotsOf(operation);
    const c: Checked = { operation, slots, own: ownRequest(operation, slots), compared: [], failures: [] };
    checkedByName.set(operation.name, c);
    return c;
  });
  await collectIdsOfA(operations);
  const readCounts = await rowCounter(world.db);
  const before = await readCounts();
  await compareForeign(checked.filter((c) => c.slots.length));
  const changed = changedTables(before, await readCounts());
  if (changed) phaseFailures.push(`B's requests with A's ids and random ids changed ${changed}`);
  await ownRequests(checked.filter((c) => c.slots.length || c.operation.method === 'GET'));
  checked.forEach(judge);
}

// The operations come from the running service's contract, so the suite is collected after the service starts.
describe('data scope on every operation of the OpenAPI contract', async () => {
  world = await contractWorld(2);
  [a, b] = world.sellers;
  afterAll(() => world.close());
  const operations = contractOperations(world.t.app).filter((operation) => !operation.isPublic);
  beforeAll(() => checkAll(operations), 240_000);

  it.each(operations.map((operation) => [operation.name]))(
    "%s: another seller's ids answer like random ones and no answer carries them",
    (name) => {
      const { failures } = checkedByName.get(name)!;
      if (failures.length) expect.fail(`${name}\n${failures.join('\n')}`);
    },
  );

  it("B's requests with A's ids and random ids change no table", () => {
    expect(phaseFailures).toEqual([]);
  });

  it("A's own answers carry ids of A's beyond the fixtures' resources (history, runs, audit), so that B's answers are checked for those too", () => {
    expect(harvested).toBeGreaterThan(0);
  });

  it('exercises every operation with an id but a short list, named in the output', () => {
    const checked = [...checkedByName.values()].filter((c) => c.slots.length);
    const adminOnly = checked.filter((c) => c.adminOnly).map((c) => c.operation.name);
    const unexercised = checked.filter((c) => c.unexercised && !c.adminOnly).map((c) => `${c.operation.name}: ${c.unexercised}`);
    console.log(`Admin-only operations (403 to a seller, not data scope):\n  ${adminOnly.join('\n  ')}`);
    if (unexercised.length) console.log(`Operations the data-scope generator cannot exercise:\n  ${unexercised.join('\n  ')}`);
    expect(unexercised.length).toBeLessThanOrEqual(3);
  });
});
