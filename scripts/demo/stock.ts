import type { SellerAcceptance } from '../../emulator/src/seller-acceptance';
import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { call, expectStatus, jobEnded, readUntil } from './http';

/** The cell the demo's booking task watches: boxes at Коледино, three Moscow days ahead. */
const DEMO_WAREHOUSE = { id: 507, name: 'Коледино' };
const DEMO_BOX_TYPE = 2;
const DEMO_LEAD_DAYS = 3;
/** A task names at most this many barcodes (POST /booking/tasks). */
const TASK_BARCODES = 1000;

export interface DemoStock {
  syncJobId: string;
  units: number;
  skusUrgent: number;
  planId: string;
  planLines: number;
  planUnits: number;
  taskId: string;
  slotDay: string;
  matchSeenAt: string;
}

/**
 * Stock and supply, once the orders are in (velocity needs them): the stock synced, a replenishment plan for Коледино,
 * a booking task from its lines that watches one closed cell of the emulator's grid, and that cell opened free, so that the slot watch finds a
 * match and tells the seller.
 */
export async function demoStock(
  base: string,
  token: string,
  mpAccountId: string,
  feedsJobId: string,
  acceptance: SellerAcceptance,
): Promise<DemoStock> {
  await jobEnded(base, token, `/digitization/import/status/${feedsJobId}`, 'import orders and sales', 300_000);
  const { jobId: syncJobId } = expectStatus(
    await call(base, 'POST', '/inventory/sync', token, { mpAccountId }),
    202,
    'sync the stock',
  ).body;
  await jobEnded(base, token, `/inventory/sync/status/${syncJobId}`, 'stock sync', 300_000);
  const summary = expectStatus(await call(base, 'GET', `/inventory/summary?mpAccountId=${mpAccountId}`, token), 200, 'stock summary').body;
  const plan = expectStatus(
    await call(base, 'POST', '/inventory/plans', token, { mpAccountId, warehouseIds: [DEMO_WAREHOUSE.id] }),
    201,
    'make a replenishment plan',
  ).body;
  const barcodes = (plan.lines as { barcode: string | null; quantity: number }[])
    .filter((line) => line.barcode !== null)
    .slice(0, TASK_BARCODES)
    .map((line) => ({ barcode: line.barcode, quantity: line.quantity }));

  const slotDay = shiftDay(moscowToday(new Date()), DEMO_LEAD_DAYS);
  const cell = { warehouseId: DEMO_WAREHOUSE.id, date: slotDay, boxTypeId: DEMO_BOX_TYPE, allowUnload: true } as const;
  acceptance.setCell({ ...cell, coefficient: -1 });
  const task = expectStatus(
    await call(base, 'POST', '/booking/tasks', token, {
      mpAccountId,
      warehouseIds: [DEMO_WAREHOUSE.id],
      boxTypeId: DEMO_BOX_TYPE,
      dateFrom: slotDay,
      dateTo: slotDay,
      maxCoefficient: 0,
      barcodes,
      planId: plan.id,
    }),
    201,
    'create the booking task',
  ).body;
  // The watch reads the closed cell first, so that opening it is news.
  await readUntil(
    'the slot watch reading the closed cell',
    async () =>
      (
        expectStatus(await call(base, 'GET', `/booking/warehouses?mpAccountId=${mpAccountId}&limit=100`, token), 200, 'list warehouses')
          .body.items as { warehouseId: number; coefficients: { date: string; boxTypeId: number; coefficient: number }[] }[]
      )
        .find((warehouse) => warehouse.warehouseId === DEMO_WAREHOUSE.id)
        ?.coefficients.find((read) => read.date === slotDay && read.boxTypeId === DEMO_BOX_TYPE)?.coefficient,
    (coefficient) => coefficient === -1,
    120_000,
  );
  acceptance.setCell({ ...cell, coefficient: 0 });
  const matches = await readUntil(
    'a match of the opened cell',
    async () =>
      expectStatus(await call(base, 'GET', `/booking/tasks/${task.id}/matches`, token), 200, 'read the matches').body.items as {
        seenAt: string;
      }[],
    (items) => items.length > 0,
    120_000,
  );
  return {
    syncJobId,
    units: summary.units,
    skusUrgent: summary.skusUrgent,
    planId: plan.id,
    planLines: plan.lineCount,
    planUnits: plan.units,
    taskId: task.id,
    slotDay,
    matchSeenAt: matches[0].seenAt,
  };
}

/** What the demo prints about stock and supply once the match is there. */
export function demoStockLines(base: string, mpAccountId: string, stock: DemoStock): string[] {
  return [
    `Stock and supply: synced (${stock.units} units, ${stock.skusUrgent} SKUs with less than 3 days of cover), a replenishment plan ` +
      `${stock.planId} for ${DEMO_WAREHOUSE.name} of ${stock.planLines} lines and ${stock.planUnits} units, and a booking task ${stock.taskId} from it watching free ` +
      `acceptance of boxes at ${DEMO_WAREHOUSE.name} on ${stock.slotDay}: the emulator opened that cell and the watch found it at ` +
      `${stock.matchSeenAt} (a notification «booking.slot» links to the seller site). In the web app: «Остатки» and «Поставки».`,
    `  curl -s "${base}/inventory/stocks?mpAccountId=${mpAccountId}&sortBy=daysOfCover" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/inventory/plans/${stock.planId}?mpAccountId=${mpAccountId}" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/booking/tasks/${stock.taskId}/matches" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/booking/warehouses?mpAccountId=${mpAccountId}" -H "Authorization: Bearer $TOKEN"`,
    '',
  ];
}
