import { shiftDay } from '../../src/common/time/calendar-days';
import { moscowToday } from '../../src/common/time/moscow-time';
import { call, expectStatus, jobEnded } from './http';

const DEMO_LIST = 'Демо: пульс';
/** Cards of the demo's cost prices that the pulse list watches, with a plan of this many orders a day. */
const LIST_CARDS = 20;
const PLAN_ORDERS_PER_DAY = 3;
const TARGET_DRR_PCT = 10;
/** Yesterday and today: every card's funnel of a day is a few calls at the marketplace's 3 a minute. */
const PULSE_DAYS = 2;

export interface DemoPulse {
  listId: string;
  items: number;
  dateFrom: string;
  dateTo: string;
}

/**
 * A pulse list of the demo's first priced cards with a plan (made on the first run), and the pulse refreshed once the
 * orders are in: its matrix shows yesterday and today against the plan (the nightly refresh adds the days before).
 */
export async function demoPulse(base: string, token: string, mpAccountId: string, nmIds: number[], feedsJobId: string): Promise<DemoPulse> {
  const lists = expectStatus(
    await call(base, 'GET', `/rnp/product-lists?mpAccountId=${mpAccountId}&limit=100`, token),
    200,
    'list the pulse lists',
  ).body.items as { id: string; name: string }[];
  const listId =
    lists.find((list) => list.name === DEMO_LIST)?.id ??
    (expectStatus(await call(base, 'POST', '/rnp/product-lists', token, { mpAccountId, name: DEMO_LIST }), 201, 'create the pulse list')
      .body.id as string);
  const items = nmIds.slice(0, LIST_CARDS).map((nmId) => ({
    nmId,
    status: 'monitoring',
    planOrdersPerDay: PLAN_ORDERS_PER_DAY,
    targetDrrPct: TARGET_DRR_PCT,
  }));
  expectStatus(await call(base, 'POST', `/rnp/product-lists/${listId}/items`, token, { items }), 200, 'add the pulse items');
  await jobEnded(base, token, `/digitization/import/status/${feedsJobId}`, 'import orders and sales', 300_000);
  const dateTo = moscowToday(new Date());
  const dateFrom = shiftDay(dateTo, 1 - PULSE_DAYS);
  const { jobId } = expectStatus(
    await call(base, 'POST', '/rnp/analytics/refresh', token, { mpAccountId, dateFrom, dateTo }),
    202,
    'refresh the pulse',
  ).body;
  await jobEnded(base, token, `/rnp/analytics/refresh/status/${jobId}`, 'pulse refresh', 300_000);
  return { listId, items: items.length, dateFrom, dateTo };
}

/** What the demo prints of the pulse once it is refreshed. */
export function demoPulseLines(base: string, mpAccountId: string, pulse: DemoPulse): string[] {
  const query = `mpAccountId=${mpAccountId}&listId=${pulse.listId}&dateFrom=${pulse.dateFrom}&dateTo=${pulse.dateTo}`;
  return [
    `Pulse: the list "${DEMO_LIST}" (${pulse.listId}) of ${pulse.items} cards, a plan of ${PLAN_ORDERS_PER_DAY} orders a day and ` +
      `${TARGET_DRR_PCT} % DRR each, refreshed for ${pulse.dateFrom} — ${pulse.dateTo}. In the web app: «РнП».`,
    `  curl -s "${base}/rnp/analytics?${query}" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/rnp/analytics/export?${query}" -H "Authorization: Bearer $TOKEN" -o pulse.csv`,
    `  curl -s "${base}/rnp/analytics/summary?mpAccountId=${mpAccountId}&period=7d" -H "Authorization: Bearer $TOKEN"`,
    '',
  ];
}
