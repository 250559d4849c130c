/** The supplies screen's path: a plan's line links there to start a slot-watch task for it. */
export const SUPPLIES_PATH = '/supplies';

/** What a link from a plan fills in a new task: the plan, its warehouse when it has one, the sizes and units to send. */
export interface PlanTaskPrefill {
  planId: string;
  warehouseIds: number[];
  barcodes: { barcode: string; quantity: number }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isCount = (value: number) => Number.isSafeInteger(value) && value > 0;

/** The supplies screen opened on a new task for these lines of a plan: `barcode=<barcode>:<units>` for each. */
export function planTaskLink(prefill: PlanTaskPrefill): string {
  const query = new URLSearchParams({ planId: prefill.planId });
  for (const warehouseId of prefill.warehouseIds) query.append('warehouseId', String(warehouseId));
  for (const { barcode, quantity } of prefill.barcodes) query.append('barcode', `${barcode}:${quantity}`);
  return `${SUPPLIES_PATH}?${query.toString()}`;
}

/** The new task a link asks for (`planTaskLink`), or null when the address names no plan; malformed parts are dropped. */
export function planTaskPrefill(search: string): PlanTaskPrefill | null {
  const query = new URLSearchParams(search);
  const planId = query.get('planId');
  if (planId === null || !UUID.test(planId)) return null;
  const warehouseIds = query.getAll('warehouseId').map(Number).filter(isCount);
  const barcodes = query.getAll('barcode').flatMap((pair) => {
    // The units follow the last colon: whatever comes before it is the barcode, colons and all.
    const at = pair.lastIndexOf(':');
    const barcode = pair.slice(0, at);
    const quantity = Number(pair.slice(at + 1));
    return at > 0 && isCount(quantity) ? [{ barcode, quantity }] : [];
  });
  return { planId, warehouseIds: [...new Set(warehouseIds)], barcodes };
}
