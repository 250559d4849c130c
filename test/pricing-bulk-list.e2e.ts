import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { priceBulkChunks, priceBulkJobs } from '../src/database/schema';
import type { BulkJobStatus } from '../src/database/schema/pricing';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let admin: TestUser;
let accountId: string;
/** Job ids, oldest first. */
const jobs: string[] = [];

/** A job of `items` items whose chunks were `accepted` (true) or rejected (false), in order. */
async function insertJob(ownerId: string, status: BulkJobStatus, items: number, chunks: boolean[], createdAt: Date): Promise<string> {
  const [job] = await db
    .insert(priceBulkJobs)
    .values({
      mpAccountId: accountId,
      ownerId,
      kind: 'price',
      status,
      items: Array.from({ length: items }, (_, i) => ({ nmID: i + 1, price: 100 })),
      createdAt,
    })
    .returning({ id: priceBulkJobs.id });
  if (chunks.length) {
    await db.insert(priceBulkChunks).values(
      chunks.map((accepted, index) => ({
        bulkJobId: job.id,
        index,
        items: 1000,
        taskId: accepted ? 500 + index : null,
        errorText: accepted ? null : 'Invalid price',
      })),
    );
  }
  return job.id;
}

function list(auth: Record<string, string>, query: Record<string, string>) {
  return t.request({ method: 'GET', url: '/pricing/bulk', query, headers: auth });
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
  admin = await createUser(t, 'admin');
  accountId = await createAccount(t, owner.id);
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  jobs.push(await insertJob(owner.id, 'completed', 2500, [true, false, true], day(1)));
  jobs.push(await insertJob(owner.id, 'active', 1500, [true], day(2)));
  jobs.push(await insertJob(admin.id, 'pending', 10, [], day(3)));
  jobs.push(await insertJob(owner.id, 'completed', 1000, [false], day(4)));
});

afterAll(() => t.close());

describe('GET /pricing/bulk', () => {
  it("lists the owner's jobs newest first with the report's state and counters, without chunks", async () => {
    const response = await list(owner.auth, { mpAccountId: accountId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: jobs[3],
          kind: 'price',
          status: 'completed',
          counters: { items: 1000, chunks: 1, accepted: 0, rejected: 1 },
          createdAt: '2026-01-04T00:00:00.000Z',
          startedAt: null,
          finishedAt: null,
        },
        expect.objectContaining({ id: jobs[1], status: 'active', counters: { items: 1500, chunks: 2, accepted: 1, rejected: 0 } }),
        expect.objectContaining({ id: jobs[0], status: 'completed', counters: { items: 2500, chunks: 3, accepted: 2, rejected: 1 } }),
      ],
      meta: { total: 3, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false },
    });
  });

  it("counts like each job's report", async () => {
    const report = (await t.request({ method: 'GET', url: `/pricing/bulk/${jobs[0]}`, headers: owner.auth })).json();
    const listed = (await list(owner.auth, { mpAccountId: accountId })).json().items.find((job: { id: string }) => job.id === jobs[0]);
    const { result, ...withoutChunks } = report;
    expect(result.chunks).toHaveLength(3);
    expect(listed).toEqual(withoutChunks);
  });

  it("an admin sees every job of the account, the admin's own among them", async () => {
    const response = await list(admin.auth, { mpAccountId: accountId, limit: '2', page: '2' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.map((job: { id: string }) => job.id)).toEqual([jobs[1], jobs[0]]);
    expect(response.json().meta).toEqual({ total: 4, page: 2, limit: 2, totalPages: 2, hasNext: false, hasPrev: true });
  });

  it('rejected=true keeps the jobs with a rejected chunk, rejected=false the others', async () => {
    const rejected = await list(owner.auth, { mpAccountId: accountId, rejected: 'true' });
    expect(rejected.json().items.map((job: { id: string }) => job.id)).toEqual([jobs[3], jobs[0]]);
    expect(rejected.json().meta.total).toBe(2);
    const clean = await list(owner.auth, { mpAccountId: accountId, rejected: 'false' });
    expect(clean.json().items.map((job: { id: string }) => job.id)).toEqual([jobs[1]]);
  });

  it('sorts oldest first on request', async () => {
    const response = await list(owner.auth, { mpAccountId: accountId, sortDirection: 'asc' });
    expect(response.json().items.map((job: { id: string }) => job.id)).toEqual([jobs[0], jobs[1], jobs[3]]);
  });

  it('a foreign account answers 404 like a missing one; bad input answers 400 naming the fields', async () => {
    const stranger = await createUser(t);
    expectErrorEnvelope(await list(stranger.auth, { mpAccountId: accountId }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await list(owner.auth, { mpAccountId: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND');
    const bad = await list(owner.auth, { mpAccountId: accountId, limit: '101', page: '0', rejected: 'maybe', sortBy: 'status' });
    expect(fieldErrors(expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED').details)).toEqual({
      limit: ['max'],
      page: ['min'],
      rejected: ['isBoolean'],
      sortBy: ['isIn'],
    });
  });
});
