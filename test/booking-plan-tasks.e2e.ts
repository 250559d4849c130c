import { randomUUID } from 'node:crypto';

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import { bookingTasks, mpOrders, products } from '../src/database/schema';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let accountId: string;
let otherAccountId: string;
const WAREHOUSE = 507;
const today = moscowToday(new Date());

interface PlanLine {
  nmId: number;
  size: string;
  barcode: string | null;
  warehouseId: number | null;
  quantity: number;
}

const createPlan = async (mpAccountId: string): Promise<{ id: string; lines: PlanLine[] }> => {
  const response = await t.request({
    method: 'POST',
    url: '/inventory/plans',
    headers: owner.auth,
    payload: { mpAccountId, warehouseIds: [WAREHOUSE] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const postTask = (payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/booking/tasks',
    headers: owner.auth,
    payload: {
      mpAccountId: accountId,
      boxTypeId: 2,
      dateFrom: shiftDay(today, 1),
      dateTo: shiftDay(today, 14),
      maxCoefficient: 1,
      ...payload,
    },
  });

const taskCount = async () => (await db.select({ total: count() }).from(bookingTasks))[0].total;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
  [accountId, otherAccountId] = await Promise.all([createAccount(t, owner.id, 'Первый'), createAccount(t, owner.id, 'Второй')]);
  // One size that sells 2 a day, none in stock: every plan of the account asks for it.
  await db.insert(products).values(
    [accountId, otherAccountId].map((mpAccountId) => ({
      mpAccountId,
      nmId: 801,
      vendorCode: 'V-801',
      title: 'Товар 801',
      brand: 'Бренд',
      cardUpdatedAt: new Date(),
      sizes: [{ chrtID: 8010, techSize: 'M', skus: ['2000000008014', '2000000008021'] }],
    })),
  );
  await db.insert(mpOrders).values(
    [accountId, otherAccountId].flatMap((mpAccountId) =>
      Array.from({ length: 14 }, (_, index) => shiftDay(today, index - 14)).flatMap((day) =>
        [0, 1].map((n) => ({
          ...feedRow(mpAccountId, `${mpAccountId}-${day}-${n}`, new Date(`${day}T12:00:00+03:00`), 801, '10.00'),
          isCancel: false,
        })),
      ),
    ),
  );
});
afterAll(() => t.close());

describe('booking tasks started from a replenishment plan', () => {
  it('a line of the account’s plan starts a task that keeps the plan’s id and the line’s barcode and units', async () => {
    const plan = await createPlan(accountId);
    const [line] = plan.lines;
    expect(line).toMatchObject({ nmId: 801, size: 'M', barcode: '2000000008014', warehouseId: WAREHOUSE });
    expect(line.quantity).toBeGreaterThan(0);

    const created = await postTask({
      warehouseIds: [line.warehouseId],
      barcodes: [{ barcode: line.barcode, quantity: line.quantity }],
      planId: plan.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const barcodes = [{ barcode: '2000000008014', quantity: line.quantity }];
    expect(created.json()).toMatchObject({ planId: plan.id, warehouseIds: [WAREHOUSE], barcodes, status: 'active' });

    const read = await t.request({ method: 'GET', url: `/booking/tasks/${created.json().id}`, headers: owner.auth });
    expect(read.json()).toMatchObject({ planId: plan.id, barcodes });
    const [row] = await db.select().from(bookingTasks).where(eq(bookingTasks.id, created.json().id));
    expect(row).toMatchObject({ mpAccountId: accountId, planId: plan.id, barcodes });
  });

  it('a plan of another account, even the same owner’s, or an unknown plan is 404 and nothing is stored', async () => {
    const foreign = await createPlan(otherAccountId);
    const before = await taskCount();
    for (const planId of [foreign.id, randomUUID()]) {
      const body = expectErrorEnvelope(await postTask({ warehouseIds: [WAREHOUSE], planId }), 404, 'NOT_FOUND');
      expect(body.message).toBe('План поставки не найден');
    }
    expect(await taskCount()).toBe(before);
  });

  it('a change names a plan of the task’s account only', async () => {
    const created = await postTask({ warehouseIds: [WAREHOUSE] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const patch = (planId: string) => t.request({ method: 'PATCH', url: `/booking/tasks/${id}`, headers: owner.auth, payload: { planId } });

    expectErrorEnvelope(await patch((await createPlan(otherAccountId)).id), 404, 'NOT_FOUND');
    expect((await db.select().from(bookingTasks).where(eq(bookingTasks.id, id)))[0].planId).toBeNull();

    const own = await createPlan(accountId);
    const patched = await patch(own.id);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().planId).toBe(own.id);
  });
});
