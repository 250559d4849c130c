import type { MpScope } from '../../config/marketplace-scopes';
import { adSpendHistory, adverts, bids, bidsMin, budget, fullstats, pause, promotionCount, start } from './advert';
import { salesFunnelHistory, salesFunnelProducts, searchTexts } from './analytics';
import { ping } from './common';
import { cardsErrorList, cardsList, cardsUpdate, mediaFile, mediaSave, subjectCharcs } from './content';
import { endpointKey } from './endpoint';
import { fbwSupplies, fbwSupply, fbwSupplyGoods } from './fbw-supplies';
import { feedbackAnswer, feedbackAnswerEdit, feedbackById, feedbacksList, questionById, questionsList, questionUpdate } from './feedbacks';
import {
  accountBalance,
  acquiringDetailsById,
  acquiringList,
  salesReportDetailed,
  salesReportDetailsById,
  salesReportsList,
} from './finance';
import { bufferGoods, goodsList, historyGoods, priceUpload } from './prices';
import { supplierOrders, supplierSales } from './statistics';
import {
  sellerStocks,
  sellerWarehouses,
  stocksReport,
  warehouseRemainsCreate,
  warehouseRemainsDownload,
  warehouseRemainsStatus,
} from './stock';
import { acceptanceCoefficients, fbwWarehouses } from './supplies';
import { boxTariffs, palletTariffs } from './tariffs';

type DefinedCall = { scope: MpScope; path: string; label: string };

/** Spec: Marketplace calls used by the service. */
export const SERVICE_CALLS: readonly DefinedCall[] = [
  ping,
  cardsList,
  subjectCharcs,
  cardsUpdate,
  cardsErrorList,
  goodsList,
  priceUpload,
  bufferGoods,
  historyGoods,
  supplierOrders,
  supplierSales,
  salesReportDetailed,
  salesReportsList,
  salesReportDetailsById,
  accountBalance,
  adSpendHistory,
  salesFunnelProducts,
  salesFunnelHistory,
  feedbacksList,
  questionsList,
  feedbackById,
  questionById,
  feedbackAnswer,
  feedbackAnswerEdit,
  questionUpdate,
  promotionCount,
  adverts,
  fullstats,
  bids,
  bidsMin,
  pause,
  fbwSupplies,
  fbwSupply,
  fbwSupplyGoods,
  stocksReport,
  warehouseRemainsCreate,
  warehouseRemainsStatus,
  warehouseRemainsDownload,
  sellerWarehouses,
  sellerStocks,
  acceptanceCoefficients,
  fbwWarehouses,
  boxTariffs,
  palletTariffs,
  searchTexts,
];

/** Defined, and checked against the marketplace's reference, but no module calls them. */
const OTHER_DEFINED_CALLS: readonly DefinedCall[] = [start, budget, acquiringList, acquiringDetailsById, mediaSave, mediaFile];

const LABELS_BY_KEY = new Map<string, string[]>();
for (const call of [...SERVICE_CALLS, ...OTHER_DEFINED_CALLS]) {
  const labels = LABELS_BY_KEY.get(endpointKey(call)) ?? [];
  if (!labels.includes(call.label)) LABELS_BY_KEY.set(endpointKey(call), [...labels, call.label]);
}

/**
 * A bucket in the seller's words: the labels of the calls that share it (a bucket is per scope and path, so a list and
 * an answer on one path share one), or null for a path no definition has.
 */
export function bucketLabel(bucket: { scope: MpScope; path: string }): string | null {
  return LABELS_BY_KEY.get(endpointKey(bucket))?.join('; ') ?? null;
}
