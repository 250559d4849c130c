import type { FastifyInstance } from 'fastify';

import type { FaultInput } from '../faults';
import { MIN_BID_PLACEMENTS, MinBidPlacement } from '../generator/campaigns';
import { internalReportId, reportOfId } from '../generator/realisation';
import { LLM_MODES, LlmMode, LlmScriptInput } from '../llm-script';
import type { EmulatorContext } from '../pipeline';
import { CATEGORIES, Category, TOKEN_TYPES, TokenType } from '../scopes';
import type { ScriptedDay } from '../seller-campaigns';
import { REPORT_TOTAL_FIELDS, ReportTotalField, ROW_AMOUNT_FIELDS, RowAmountField } from '../seller-reports';
import type { RemainsTaskEnd, RemainsTaskScript } from '../seller-stock';
import type { SellerInput } from '../sellers';

export const CONTROL_PREFIX = '/__emulator';

function badInput(message: string) {
  return Object.assign(new Error(message), { statusCode: 400 });
}

function categoriesOf(value: unknown): Category[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((category) => !CATEGORIES.includes(category as Category)))
    throw badInput(`categories: one or more of ${CATEGORIES.join(', ')}`);
  return value as Category[];
}

function tokenTypeOf(value: unknown): TokenType | undefined {
  if (value === undefined) return undefined;
  if (!TOKEN_TYPES.includes(value as TokenType)) throw badInput(`tokenType: one of ${TOKEN_TYPES.join(', ')}`);
  return value as TokenType;
}

function positiveInt(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw badInput(`${name}: an integer from 1`);
  return value;
}

function nonNegative(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw badInput(`${name}: a number from 0`);
  return value;
}

function minBidsOf(value: unknown): Partial<Record<MinBidPlacement, number>> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object') throw badInput('minBids: an object of kopecks by placement');
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [placement, kopecks] of entries) {
    if (!(MIN_BID_PLACEMENTS as readonly string[]).includes(placement))
      throw badInput(`minBids: placements ${MIN_BID_PLACEMENTS.join(', ')}`);
    positiveInt(kopecks, `minBids.${placement}`);
  }
  return Object.fromEntries(entries) as Partial<Record<MinBidPlacement, number>>;
}

function scriptedDaysOf(value: unknown): ScriptedDay[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badInput('days: an array of {date, views, clicks, sum, orders?, sum_price?}');
  return value.map((day: Record<string, unknown>, index) => {
    if (typeof day?.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day.date)) throw badInput(`days.${index}.date: YYYY-MM-DD`);
    return {
      date: day.date,
      views: nonNegative(day.views, `days.${index}.views`),
      clicks: nonNegative(day.clicks, `days.${index}.clicks`),
      sum: nonNegative(day.sum, `days.${index}.sum`),
      orders: day.orders === undefined ? undefined : nonNegative(day.orders, `days.${index}.orders`),
      sum_price: day.sum_price === undefined ? undefined : nonNegative(day.sum_price, `days.${index}.sum_price`),
    };
  });
}

const REMAINS_TASK_ENDS: readonly RemainsTaskEnd[] = ['done', 'purged', 'canceled'];

function remainsScriptsOf(value: unknown): RemainsTaskScript[] {
  if (!Array.isArray(value) || value.length === 0) throw badInput('tasks: a non-empty array of {new?, processing?, end?}');
  return value.map((task: Record<string, unknown>, index) => {
    const fresh = task?.new ?? 0;
    if (!Number.isInteger(fresh) || (fresh as number) < 0) throw badInput(`tasks.${index}.new: an integer from 0`);
    const processing = task.processing ?? 1;
    if (!Number.isInteger(processing) || (processing as number) < 0) throw badInput(`tasks.${index}.processing: an integer from 0`);
    const end = task.end ?? 'done';
    if (!REMAINS_TASK_ENDS.includes(end as RemainsTaskEnd)) throw badInput(`tasks.${index}.end: one of ${REMAINS_TASK_ENDS.join(', ')}`);
    return { new: fresh as number, processing: processing as number, end: end as RemainsTaskEnd };
  });
}

/** A scripted change of an amount: which field and by how many kopecks (a whole number, not 0, either sign). */
function amountShiftOf<F extends string>(body: Record<string, unknown> | undefined, fields: readonly F[]): { field: F; kopecks: number } {
  if (!fields.includes(body?.field as F)) throw badInput(`field: one of ${fields.join(', ')}`);
  const kopecks = body!.kopecks;
  if (typeof kopecks !== 'number' || !Number.isSafeInteger(kopecks) || kopecks === 0)
    throw badInput('kopecks: a whole number other than 0');
  return { field: body!.field as F, kopecks };
}

function llmScriptOf(body: Record<string, unknown>): LlmScriptInput {
  if (!LLM_MODES.includes(body.mode as LlmMode)) throw badInput(`mode: one of ${LLM_MODES.join(', ')}`);
  return {
    mode: body.mode as LlmMode,
    times: positiveInt(body.times, 'times'),
    retryAfterSeconds: positiveInt(body.retryAfterSeconds, 'retryAfterSeconds'),
  };
}

/** The emulator's own control API: sellers and tokens, faults, limits, the AI provider's mode, the call log, reset. */
export function registerControlRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.post<{ Body: SellerInput & Record<string, unknown> }>('/sellers', async (request, reply) => {
    const body = request.body ?? {};
    const { seller, token } = context.sellers.create({
      name: typeof body.name === 'string' ? body.name : undefined,
      seed: typeof body.seed === 'number' ? body.seed : undefined,
      cards: typeof body.cards === 'number' ? Math.max(0, Math.floor(body.cards)) : undefined,
      ordersPerDay: typeof body.ordersPerDay === 'number' ? Math.max(1, Math.floor(body.ordersPerDay)) : undefined,
      orderDays: typeof body.orderDays === 'number' ? Math.max(1, Math.floor(body.orderDays)) : undefined,
      ordersEndDaysAgo: typeof body.ordersEndDaysAgo === 'number' ? Math.max(0, Math.floor(body.ordersEndDaysAgo)) : undefined,
      feedbacks: typeof body.feedbacks === 'number' ? Math.max(0, Math.floor(body.feedbacks)) : undefined,
      questions: typeof body.questions === 'number' ? Math.max(0, Math.floor(body.questions)) : undefined,
      campaigns: typeof body.campaigns === 'number' ? Math.max(0, Math.floor(body.campaigns)) : undefined,
      supplies: typeof body.supplies === 'number' ? Math.max(0, Math.floor(body.supplies)) : undefined,
      tokenType: tokenTypeOf(body.tokenType),
      categories: categoriesOf(body.categories),
      readOnly: body.readOnly === true,
      largeReportIds: body.largeReportIds === true,
      reportCosts: body.reportCosts === true,
    });
    return reply
      .status(201)
      .send({ sellerId: seller.id, name: seller.name, seed: seller.catalog.seed, cards: seller.catalog.cards, token: token.token });
  });

  app.post<{ Params: { sellerId: string }; Body: { tokenType?: unknown; categories?: unknown; readOnly?: unknown } }>(
    '/sellers/:sellerId/tokens',
    async (request, reply) => {
      if (!context.sellers.get(request.params.sellerId)) return reply.status(404).send({ error: 'no such seller' });
      const body = request.body ?? {};
      const token = context.sellers.addToken(
        request.params.sellerId,
        tokenTypeOf(body.tokenType) ?? 'personal',
        categoriesOf(body.categories) ?? [...CATEGORIES],
        body.readOnly === true,
      );
      return reply.status(201).send({ token: token.token });
    },
  );

  app.put<{ Params: { sellerId: string; advertId: string; nmId: string }; Body: { minBids?: unknown; days?: unknown } }>(
    '/sellers/:sellerId/campaigns/:advertId/products/:nmId',
    async (request, reply) => {
      const campaigns = context.sellers.get(request.params.sellerId)?.campaigns;
      const campaign = campaigns?.find(Number(request.params.advertId));
      const nm = campaign && campaigns!.nm(campaign, Number(request.params.nmId));
      if (!nm) return reply.status(404).send({ error: 'no such seller, campaign or product' });
      const minBids = minBidsOf(request.body?.minBids);
      const days = scriptedDaysOf(request.body?.days);
      campaigns!.setMinBids(nm, minBids);
      campaigns!.scriptDays(nm, days);
      return { nmId: nm.nmId, minBids: nm.minBids, scriptedDays: [...nm.scriptedDays.keys()].sort() };
    },
  );

  app.put<{ Params: { sellerId: string }; Body: { items?: unknown } }>('/sellers/:sellerId/prices/refusals', async (request, reply) => {
    const prices = context.sellers.get(request.params.sellerId)?.prices;
    if (!prices) return reply.status(404).send({ error: 'no such seller' });
    const items = request.body?.items;
    if (
      !Array.isArray(items) ||
      items.some((item: Record<string, unknown>) => positiveInt(item?.nmID, 'nmID') === undefined || typeof item.errorText !== 'string')
    )
      throw badInput('items: an array of {nmID, errorText}');
    prices.refuse(items as { nmID: number; errorText: string }[]);
    return { refused: items.length };
  });

  app.post<{ Params: { sellerId: string }; Body: { tasks?: unknown } }>(
    '/sellers/:sellerId/stock/remains-tasks',
    async (request, reply) => {
      const stock = context.sellers.get(request.params.sellerId)?.stock;
      if (!stock) return reply.status(404).send({ error: 'no such seller' });
      const scripts = remainsScriptsOf(request.body?.tasks);
      stock.script(scripts);
      return reply.status(201).send({ scripted: scripts.length });
    },
  );

  app.post<{ Params: { sellerId: string; taskId: string } }>(
    '/sellers/:sellerId/stock/remains-tasks/:taskId/purge',
    async (request, reply) => {
      const stock = context.sellers.get(request.params.sellerId)?.stock;
      if (!stock?.purge(request.params.taskId)) return reply.status(404).send({ error: 'no such seller or task' });
      return reply.status(204).send();
    },
  );

  // A report's list item disagrees with its rows: one total gets `kopecks` more than the rows add up to.
  app.post<{ Params: { sellerId: string; reportId: string }; Body: Record<string, unknown> }>(
    '/sellers/:sellerId/sales-reports/:reportId/totals',
    async (request, reply) => {
      const seller = context.sellers.get(request.params.sellerId);
      const id = seller ? internalReportId(request.params.reportId, seller.largeReportIds) : null;
      if (!seller || id === null || !reportOfId(id)) return reply.status(404).send({ error: 'no such seller or report' });
      const { field, kopecks } = amountShiftOf<ReportTotalField>(request.body, REPORT_TOTAL_FIELDS);
      seller.reports.shiftTotal(id, field, kopecks);
      return { reportId: request.params.reportId, field, kopecks };
    },
  );

  // One row's amount changes wherever the row is answered; its report's list item follows it.
  app.post<{ Params: { sellerId: string; rrdId: string }; Body: Record<string, unknown> }>(
    '/sellers/:sellerId/sales-reports/rows/:rrdId',
    async (request, reply) => {
      const seller = context.sellers.get(request.params.sellerId);
      if (!seller || !/^\d{1,15}$/.test(request.params.rrdId)) return reply.status(404).send({ error: 'no such seller or row' });
      const { field, kopecks } = amountShiftOf<RowAmountField>(request.body, ROW_AMOUNT_FIELDS);
      seller.reports.shiftRow(Number(request.params.rrdId), field, kopecks);
      return { rrdId: request.params.rrdId, field, kopecks };
    },
  );
  // The sales funnel's clock, moved ahead of the real one: the days it backfills (reference 13.0) come back revised.
  app.put<{ Params: { sellerId: string }; Body: { daysAhead?: unknown } }>('/sellers/:sellerId/funnel-clock', async (request, reply) => {
    const seller = context.sellers.get(request.params.sellerId);
    if (!seller) return reply.status(404).send({ error: 'no such seller' });
    const daysAhead = request.body?.daysAhead;
    if (!Number.isInteger(daysAhead) || (daysAhead as number) < 0 || (daysAhead as number) > 365)
      throw badInput('daysAhead: an integer from 0 to 365');
    seller.funnelClockDays = daysAhead as number;
    return { daysAhead: seller.funnelClockDays };
  });

  app.post<{ Body: { rules?: FaultInput[] } }>('/faults', async (request, reply) => {
    const rules = request.body?.rules;
    if (!Array.isArray(rules) || rules.length === 0) throw badInput('rules: a non-empty array');
    return reply.status(201).send({ ids: context.faults.add(rules) });
  });

  app.get('/faults', async () => ({ rules: context.faults.list() }));

  app.delete('/faults', async (_request, reply) => {
    context.faults.clear();
    return reply.status(204).send();
  });

  app.put<{ Body: { enabled?: unknown; timeScale?: unknown } }>('/limits', async (request) => {
    const { enabled, timeScale } = request.body ?? {};
    if (typeof enabled !== 'boolean') throw badInput('enabled: true or false');
    if (timeScale !== undefined && (typeof timeScale !== 'number' || !(timeScale > 0))) throw badInput('timeScale: a number above 0');
    context.limits.enabled = enabled;
    if (typeof timeScale === 'number') context.limits.timeScale = timeScale;
    context.limiter.clear();
    return context.limits;
  });

  app.put<{ Body: { priceApplyDelayMs?: unknown; mediaApplyDelayMs?: unknown } }>('/settings', async (request) => {
    const body = request.body ?? {};
    const names = (['priceApplyDelayMs', 'mediaApplyDelayMs'] as const).filter((name) => body[name] !== undefined);
    if (names.length === 0) throw badInput('priceApplyDelayMs or mediaApplyDelayMs: an integer of milliseconds, 0 or more');
    for (const name of names) {
      const delay = body[name];
      if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0)
        throw badInput(`${name}: an integer of milliseconds, 0 or more`);
    }
    for (const name of names) context.settings[name] = body[name] as number;
    return context.settings;
  });

  app.put<{ Body: Record<string, unknown> }>('/llm', async (request) => {
    context.llm.set(llmScriptOf(request.body ?? {}));
    return context.llm.current();
  });

  app.get('/llm', async () => context.llm.current());

  app.get('/llm/prompts', async () => ({ prompts: context.llmPrompts.list() }));

  app.get<{ Querystring: { sellerId?: string; scope?: string; path?: string } }>('/calls', async (request) => ({
    calls: context.calls.list(request.query),
  }));

  app.post('/reset', async (_request, reply) => {
    context.sellers.clear();
    context.faults.clear();
    context.limiter.clear();
    context.calls.clear();
    context.llm.reset();
    context.llmPrompts.clear();
    return reply.status(204).send();
  });
}
