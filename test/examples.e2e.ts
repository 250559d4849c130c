import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createUser, TestUser } from './support/identity';
import { strongProductionEnv } from './support/production-env';
import { startTestApp, TestApp } from './support/test-app';

// No worker runs here, so queued jobs stay unfinished.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp({ env: { EXAMPLES_MAX_QUEUED_JOBS_PER_USER: '2' } });
  admin = await createUser(t, 'admin');
});
afterAll(() => t.close());

const enqueue = (user: TestUser, message = 'hello') =>
  t.request({ method: 'POST', url: '/examples/queue', headers: user.auth, payload: { message } });

describe('examples items are scoped to their owner', () => {
  it("another user's item is 404 and absent from the list; an admin sees every item", async () => {
    const [owner, other] = [await createUser(t), await createUser(t)];
    const created = await t.request({ method: 'POST', url: '/examples/items', headers: owner.auth, payload: { name: 'Своё', price: 100 } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    await t.request({
      method: 'POST',
      url: '/examples/items/batch',
      headers: other.auth,
      payload: { items: [{ name: 'Чужое', price: 200 }] },
    });

    expectErrorEnvelope(await t.request({ method: 'GET', url: `/examples/items/${id}`, headers: other.auth }), 404, 'NOT_FOUND');
    const otherList = (await t.request({ method: 'GET', url: '/examples/items?limit=100', headers: other.auth })).json();
    expect(otherList.items.map((item: { name: string }) => item.name)).toEqual(['Чужое']);
    const ownList = (await t.request({ method: 'GET', url: '/examples/items?limit=100', headers: owner.auth })).json();
    expect(ownList.items.map((item: { id: string }) => item.id)).toEqual([id]);

    expect((await t.request({ method: 'GET', url: `/examples/items/${id}`, headers: admin.auth })).statusCode).toBe(200);
    const adminList = (await t.request({ method: 'GET', url: '/examples/items?limit=100', headers: admin.auth })).json();
    expect(adminList.items.map((item: { name: string }) => item.name)).toEqual(expect.arrayContaining(['Своё', 'Чужое']));
  });
});

describe('examples queue', () => {
  it("bounds a user's unfinished jobs (429 past EXAMPLES_MAX_QUEUED_JOBS_PER_USER); the bound is per user", async () => {
    const [first, second] = [await createUser(t), await createUser(t)];
    expect((await enqueue(first)).statusCode).toBe(202);
    expect((await enqueue(first)).statusCode).toBe(202);
    const refused = expectErrorEnvelope(await enqueue(first), 429, 'TOO_MANY_REQUESTS');
    expect(refused.message).toContain('2');
    expect((await enqueue(second)).statusCode).toBe(202);
  });

  it('a parallel burst cannot pass the bound', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => enqueue(user)));
    const accepted = answers.filter((answer) => answer.statusCode === 202).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(2);
    for (const answer of answers.filter((one) => one.statusCode !== 202)) expectErrorEnvelope(answer, 429, 'TOO_MANY_REQUESTS');
    for (let i = accepted; i < 2; i += 1) expect((await enqueue(user)).statusCode).toBe(202);
    expectErrorEnvelope(await enqueue(user), 429, 'TOO_MANY_REQUESTS');
  });

  it("another user's job is 404 like an unknown one; its owner and an admin see it", async () => {
    const [owner, other] = [await createUser(t), await createUser(t)];
    const { jobId } = (await enqueue(owner)).json();
    expect((await t.request({ method: 'GET', url: `/examples/queue/${jobId}`, headers: owner.auth })).json()).toMatchObject({
      jobId,
      state: 'pending',
    });
    expect((await t.request({ method: 'GET', url: `/examples/queue/${jobId}`, headers: admin.auth })).statusCode).toBe(200);
    const foreign = expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/examples/queue/${jobId}`, headers: other.auth }),
      404,
      'NOT_FOUND',
    );
    const unknown = expectErrorEnvelope(
      await t.request({ method: 'GET', url: '/examples/queue/6b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e', headers: other.auth }),
      404,
      'NOT_FOUND',
    );
    expect({ ...foreign, traceId: null }).toEqual({ ...unknown, traceId: null });
  });

  it('validates the job id and the body like every other route', async () => {
    const user = await createUser(t);
    const badId = await t.request({ method: 'GET', url: '/examples/queue/12345', headers: user.auth });
    expect(fieldErrors(expectErrorEnvelope(badId, 400, 'VALIDATION_FAILED').details)).toEqual({ jobId: ['isUUID'] });
    const bodies = [{}, { message: 5 }, { message: 'x', workMs: 60_001 }, { message: 'x', extra: true }, { message: 'x'.repeat(501) }];
    for (const payload of bodies)
      expectErrorEnvelope(
        await t.request({ method: 'POST', url: '/examples/queue', headers: user.auth, payload }),
        400,
        'VALIDATION_FAILED',
      );
  });
});

describe('in production', () => {
  it('the examples are not mounted: their routes are 404 and their queue is neither worked nor shown', async () => {
    const board = { QUEUE_BOARD_USER: 'ops', QUEUE_BOARD_PASSWORD: 'Board-pass-2026' };
    const production = await startTestApp({ shareWith: t, env: { ...strongProductionEnv(), ...board, APP_ROLE: 'all' } });
    try {
      const auth = { authorization: `Bearer ${production.tokenFor('admin')}` };
      expectErrorEnvelope(await production.request({ method: 'GET', url: '/examples/items', headers: auth }), 404, 'NOT_FOUND');
      const queued = await production.request({ method: 'POST', url: '/examples/queue', headers: auth, payload: { message: 'x' } });
      expectErrorEnvelope(queued, 404, 'NOT_FOUND');
      const basic = `Basic ${Buffer.from(`${board.QUEUE_BOARD_USER}:${board.QUEUE_BOARD_PASSWORD}`).toString('base64')}`;
      const queues = await production.request({ method: 'GET', url: '/admin/queues/api/queues', headers: { authorization: basic } });
      const names = queues.json().queues.map((queue: { name: string }) => queue.name);
      expect(names).toContain('autoreply-publish');
      expect(names).not.toContain('examples');
    } finally {
      await production.close();
    }
  });
});
