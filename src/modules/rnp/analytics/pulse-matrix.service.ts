import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import { dayNumber, daysBetween } from '../../../common/time/calendar-days';
import { RNP_FLAGS, RnpFlag } from '../../../database/schema/rnp';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import { unknownCards } from '../../catalog/products/unknown-cards';
import { againstPlan, PulsePlan } from '../daily/pulse-flags';
import { RnpListsRepository } from '../lists/rnp-lists.repository';
import { RNP_LIST_NOT_FOUND, rnpItem } from '../lists/rnp-lists.service';
import { PULSE_RANGE_MAX_DAYS, PulseMatrixDto, PulseMatrixQueryDto } from './pulse-matrix.dto';
import { PulseMatrixRepository, PulseSku, PulseStoredCells } from './pulse-matrix.repository';
import { pulseMatrixJson, PulsePlannedCells, pulseRowJson } from './pulse-matrix-json';
import { RangePeriods, rangePeriods } from './pulse-series';

/** Orders as a percentage of the plan, one decimal; null without a plan of orders. */
const completion = (orders: number | null, plan: number | null) =>
  plan === null || plan === 0 || orders === null ? null : Math.round((orders / plan) * 1000) / 10;

/** The stored flags of a cell's days (comma-separated, repeated) once each, in the flags' order. */
function flagsOf(stored: string): RnpFlag[] {
  if (stored === '') return [];
  const found = new Set(stored.split(','));
  return RNP_FLAGS.filter((flag) => found.has(flag));
}

/** The daily pulse matrix: SKUs of a list (or nmIds) × days or weeks, every figure with plan vs fact, flags and completeness. */
@Injectable()
export class PulseMatrixService {
  constructor(
    private readonly repository: PulseMatrixRepository,
    private readonly lists: RnpListsRepository,
    private readonly catalog: CatalogReader,
  ) {}

  /**
   * The query's SKUs: a list of the account (404 otherwise), cards of the catalog the scope sees (404 naming the
   * others), or without either every SKU of the account's lists.
   */
  async skus(scope: DataScope, query: PulseMatrixQueryDto): Promise<PulseSku[]> {
    const problems = [];
    if (query.listId !== undefined && query.nmIds !== undefined) problems.push({ field: 'listId', errors: ['listIdOrNmIds'] });
    if (query.dateTo < query.dateFrom) problems.push({ field: 'dateTo', errors: ['dateToBeforeDateFrom'] });
    else if (daysBetween(query.dateFrom, query.dateTo) >= PULSE_RANGE_MAX_DAYS) problems.push({ field: 'dateTo', errors: ['maxRange'] });
    if (problems.length)
      throw AppError.validation(
        problems,
        `Нужен listId или nmIds (не оба), dateTo не раньше dateFrom и не дальше ${PULSE_RANGE_MAX_DAYS} дней`,
      );
    if (query.listId !== undefined) {
      if ((await this.lists.accountOf(query.listId)) !== scope.accountId) throw AppError.notFound(RNP_LIST_NOT_FOUND);
      return this.repository.listSkus(scope, query.listId);
    }
    if (query.nmIds === undefined) return this.repository.listedSkus(scope);
    const nmIds = [...new Set(query.nmIds)];
    const missing = await this.catalog.missingNmIds(scope.accountId, nmIds, scope.brandIds);
    if (missing.length) throw unknownCards(missing);
    return this.repository.nmSkus(scope, nmIds);
  }

  /** The matrix as JSON text, as GET /rnp/analytics answers it (PulseMatrixDto). */
  async matrixJson(scope: DataScope, query: PulseMatrixQueryDto): Promise<string> {
    const skus = await this.skus(scope, query);
    const { mpAccountId, dateFrom, dateTo, groupBy } = query;
    const periods = rangePeriods(dateFrom, dateTo, groupBy);
    const nmIds = skus.map((entry) => entry.nmId);
    const cells = await this.repository.cells(scope.accountId, nmIds, { periods, dateFrom, dateTo, groupBy });
    const rows = skus.map((entry) => rowJson(entry, cells.get(entry.nmId)!, periods));
    return pulseMatrixJson({ mpAccountId, listId: query.listId ?? null, dateFrom, dateTo, groupBy }, rows);
  }

  /** The matrix as data, for the export. */
  async matrix(scope: DataScope, query: PulseMatrixQueryDto): Promise<PulseMatrixDto> {
    return JSON.parse(await this.matrixJson(scope, query)) as PulseMatrixDto;
  }
}

/**
 * A SKU's row as JSON text: its plan; its cells as the database wrote them, with the plan's orders over their days in
 * the plan and the flags against the plan; and the period's totals.
 */
function rowJson(entry: PulseSku, stored: PulseStoredCells, periods: RangePeriods): string {
  const { plan } = entry;
  const { facts } = stored;
  // The plan's days as day numbers; an open end takes in every day.
  const planFrom = plan?.dateFrom ? dayNumber(plan.dateFrom) : -Infinity;
  const planTo = plan?.dateTo ? dayNumber(plan.dateTo) : Infinity;
  const planned: PulsePlannedCells = { planOrders: [], planCompletionPct: [], flags: [] };
  for (let index = 0; index < periods.period.length; index += 1) {
    // The cell's days inside the plan's dates.
    const days = plan ? Math.max(0, Math.min(periods.last[index], planTo) - Math.max(periods.first[index], planFrom) + 1) : 0;
    const inPlan: PulsePlan | null = plan && days > 0 ? { planOrdersPerDay: plan.planOrdersPerDay, targetDrrPct: plan.targetDrrPct } : null;
    const planOrders = inPlan?.planOrdersPerDay == null ? null : inPlan.planOrdersPerDay * days;
    const ordersQty = facts.ordersQty[index];
    planned.planOrders.push(planOrders);
    planned.planCompletionPct.push(completion(ordersQty, planOrders));
    const cell = {
      days,
      ordersQty,
      ordersSum: decimal(facts.ordersSum[index]),
      adSpend: decimal(facts.adSpend[index]),
      daysOfCover: decimal(facts.daysOfCover[index]),
      badReviews: facts.badReviews[index],
      price: null,
      previousPrice: null,
    };
    planned.flags.push(againstPlan(flagsOf(facts.flags[index]), cell, inPlan));
  }
  const known = facts.ordersQty.filter((value): value is number => value !== null);
  const ordersQty = known.length ? known.reduce((total, value) => total + value, 0) : null;
  const totalPlan = plan?.planOrdersPerDay == null ? null : planned.planOrders.reduce<number>((total, value) => total + (value ?? 0), 0);
  const row = {
    nmId: entry.nmId,
    title: entry.title,
    vendorCode: entry.vendorCode,
    brand: entry.brand,
    plan: plan && rnpItem(plan),
    ordersQty,
    planOrders: totalPlan,
    planCompletionPct: completion(ordersQty, totalPlan),
  };
  return pulseRowJson(row, stored.json, planned);
}

/** A JSON number of at most 2 decimals as the exact decimal text it was written from. */
const decimal = (value: number | null) => (value === null ? null : String(value));
