import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import { bookingWarehouses } from '../src/database/schema';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createBrand, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let accountId: string;

const day = (offset: number) => shiftDay(moscowToday(new Date()), offset);
const taskBody = (over: Record<string, unknown> = {}) => ({
  mpAccountId: accountId,
  warehouseIds: [507, 117501],
  boxTypeId: 5,
  dateFrom: day(0),
  dateTo: day(30),
  maxCoefficient: 0,
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
  accountId = await createAccount(t, owner.id);
  await db.insert(bookingWarehouses).values({ mpAccountId: accountId, warehouseId: 507, name: 'Коледино' });
});
afterAll(() => t.close());

async function createTask(over: Record<string, unknown> = {}): Promise<{ id: string; status: string }> {
  const response = await t.request({ method: 'POST', url: '/booking/tasks', headers: owner.auth, payload: taskBody(over) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('booking tasks', () => {
  it('are created with the default lead days, listed by status, changed, paused, resumed and cancelled (kept), each audited', async () => {
    const created = await createTask({ barcodes: [{ barcode: '2000000000011', quantity: 12 }] });
    expect(created).toMatchObject({
      status: 'active',
      minLeadDays: 1,
      planId: null,
      barcodes: [{ barcode: '2000000000011', quantity: 12 }],
    });

    const patched = await t.request({
      method: 'PATCH',
      url: `/booking/tasks/${created.id}`,
      headers: owner.auth,
      payload: { maxCoefficient: 2, warehouseIds: [507] },
    });
    expect(patched.json()).toMatchObject({ maxCoefficient: 2, warehouseIds: [507] });

    const paused = await t.request({ method: 'POST', url: `/booking/tasks/${created.id}/pause`, headers: owner.auth });
    expect(paused.json().status).toBe('paused');
    const list = (status: string) =>
      t.request({ method: 'GET', url: `/booking/tasks?mpAccountId=${accountId}&status=${status}`, headers: owner.auth });
    expect((await list('paused')).json().items.map((item: { id: string }) => item.id)).toEqual([created.id]);
    expect((await list('active')).json().items).toEqual([]);
    const resumed = await t.request({ method: 'POST', url: `/booking/tasks/${created.id}/resume`, headers: owner.auth });
    expect(resumed.json().status).toBe('active');

    expect((await t.request({ method: 'DELETE', url: `/booking/tasks/${created.id}`, headers: owner.auth })).statusCode).toBe(204);
    const kept = await t.request({ method: 'GET', url: `/booking/tasks/${created.id}`, headers: owner.auth });
    expect(kept.json().status).toBe('cancelled');
    expectErrorEnvelope(
      await t.request({ method: 'PATCH', url: `/booking/tasks/${created.id}`, headers: owner.auth, payload: { maxCoefficient: 1 } }),
      409,
      'CONFLICT',
    );
    expectErrorEnvelope(
      await t.request({ method: 'POST', url: `/booking/tasks/${created.id}/resume`, headers: owner.auth }),
      409,
      'CONFLICT',
    );

    const actions = (await auditRecordsOf(db, accountId)).filter((record) => record.entityId === created.id).map((record) => record.action);
    expect(actions).toEqual(['booking.task.create', 'booking.task.update', 'booking.task.delete']);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['no warehouses', { warehouseIds: [] }, { warehouseIds: ['arrayMinSize'] }],
    ['51 warehouses', { warehouseIds: Array.from({ length: 51 }, (_, index) => index + 1) }, { warehouseIds: ['arrayMaxSize'] }],
    ['box type 3', { boxTypeId: 3 }, { boxTypeId: ['isIn'] }],
    ['maxCoefficient 21', { maxCoefficient: 21 }, { maxCoefficient: ['max'] }],
    ['maxCoefficient -1', { maxCoefficient: -1 }, { maxCoefficient: ['min'] }],
    ['a past first day', { dateFrom: day(-1) }, { dateFrom: ['notInPast'] }],
    ['31 days apart', { dateTo: day(31) }, { dateTo: ['maxSpan30Days'] }],
    ['the last day before the first', { dateFrom: day(3), dateTo: day(2) }, { dateTo: ['notBeforeDateFrom'] }],
    ['a malformed plan id', { planId: 'plan-1' }, { planId: ['isUUID'] }],
    ['a barcode without quantity', { barcodes: [{ barcode: '1' }] }, { 'barcodes.0.quantity': ['isInt', 'max', 'min'] }],
  ])('%s: 400 VALIDATION_FAILED in the envelope', async (_name, over, errors) => {
    const response = await t.request({ method: 'POST', url: '/booking/tasks', headers: owner.auth, payload: taskBody(over) });
    const body = expectErrorEnvelope(response, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(body.details)).toEqual(errors);
  });

  it('warehouses are found by a part of the name in any case, or by the whole number', async () => {
    const other = await createAccount(t, owner.id, 'Склады');
    await db.insert(bookingWarehouses).values([
      { mpAccountId: other, warehouseId: 117501, name: 'Подольск' },
      { mpAccountId: other, warehouseId: 120762, name: 'Электросталь' },
      { mpAccountId: other, warehouseId: 206348, name: 'Тула' },
    ]);
    const found = async (q: string) =>
      (await t.request({ method: 'GET', url: `/booking/warehouses?mpAccountId=${other}&q=${encodeURIComponent(q)}`, headers: owner.auth }))
        .json()
        .items.map((item: { warehouseId: number }) => item.warehouseId);
    expect(await found('ПОДОЛ')).toEqual([117501]);
    expect(await found('ст')).toEqual([120762]);
    expect(await found('206348')).toEqual([206348]);
    expect(await found('%')).toEqual([]);
  });

  it('a warehouse is marked favourite; an unknown one is 404', async () => {
    const marked = await t.request({
      method: 'PATCH',
      url: '/booking/warehouses/507',
      headers: owner.auth,
      payload: { mpAccountId: accountId, favourite: true },
    });
    expect(marked.json()).toEqual({
      warehouseId: 507,
      name: 'Коледино',
      isSortingCenter: false,
      boxTypes: [],
      coefficients: [],
      updatedAt: null,
      tariffs: null,
      favourite: true,
    });
    expectErrorEnvelope(
      await t.request({
        method: 'PATCH',
        url: '/booking/warehouses/686',
        headers: owner.auth,
        payload: { mpAccountId: accountId, favourite: true },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('a manager without access and another seller get 404 on every route', async () => {
    const { id } = await createTask();
    const manager = await createUser(t, 'manager');
    // A grant to one of the account's brands does not open booking: its warehouses and tasks are the whole account's.
    await t.request({
      method: 'POST',
      url: '/brand-access',
      headers: (await createUser(t, 'admin')).auth,
      payload: { userId: manager.id, brandId: await createBrand(t, accountId, 'Бренд') },
    });
    const stranger = await createUser(t);
    const routes = [
      { method: 'GET', url: `/booking/warehouses?mpAccountId=${accountId}` },
      { method: 'PATCH', url: '/booking/warehouses/507', payload: { mpAccountId: accountId, favourite: false } },
      { method: 'POST', url: '/booking/tasks', payload: taskBody() },
      { method: 'GET', url: `/booking/tasks?mpAccountId=${accountId}` },
      { method: 'GET', url: `/booking/tasks/${id}` },
      { method: 'PATCH', url: `/booking/tasks/${id}`, payload: { maxCoefficient: 3 } },
      { method: 'POST', url: `/booking/tasks/${id}/pause` },
      { method: 'POST', url: `/booking/tasks/${id}/resume` },
      { method: 'GET', url: `/booking/tasks/${id}/matches` },
      { method: 'DELETE', url: `/booking/tasks/${id}` },
      { method: 'GET', url: `/booking/summary?mpAccountId=${accountId}&period=7d` },
    ] as const;
    for (const user of [manager, stranger])
      for (const route of routes) {
        const response = await t.request({ ...route, headers: user.auth });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expectErrorEnvelope(response, 404, 'NOT_FOUND');
      }
    for (const route of routes)
      expect((await t.request({ ...route, headers: owner.auth })).statusCode, `${route.method} ${route.url}`).toBeLessThan(300);
  });

  it('the summary counts the tasks watching and answers null where nothing is known yet', async () => {
    const response = await t.request({ method: 'GET', url: `/booking/summary?mpAccountId=${accountId}`, headers: owner.auth });
    expect(response.json()).toMatchObject({
      period: '30d',
      slotsFound: 0,
      freeSlotsFound: 0,
      medianMinutesToFirstMatch: null,
      sourceAvailable: null,
    });
    expect(response.json().activeTasks).toBeGreaterThan(0);
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/booking/summary?mpAccountId=${accountId}&period=90d`, headers: owner.auth }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
