import { RateRule, RateRules } from '../src/marketplace/client/rate-rules';
import {
  SELLER_STOCK_CHRT_IDS_MAX,
  sellerStocks,
  stocksReport,
  warehouseRemainsCreate,
  warehouseRemainsDownload,
  warehouseRemainsStatus,
} from '../src/marketplace/endpoints/stock';
import { STOCK_REPORT_PAGE } from '../src/modules/inventory/sync/inventory-sync-walker';

/** What one stock sync must ask of the marketplace. */
export interface InventorySyncNeeds {
  /** Status answers until the remains task is done: its `processing` ones and the last. */
  remainsPolls: number;
  /** Rows of the stocks report (one per size). */
  stockReportRows: number;
  /** Sizes of the catalog, each asked of every seller warehouse. */
  sizes: number;
  sellerWarehouses: number;
}

/** The calls of one source and the least time the limits allow for them. */
export interface SourceFloor {
  calls: number;
  ms: number;
}

export interface InventorySyncFloor {
  remains: SourceFloor;
  stockReport: SourceFloor;
  seller: SourceFloor;
  /** The sources are read side by side, each on its own bucket (the walker), so the longest of them sets the floor. */
  totalMs: number;
}

/** Calls beyond the bucket's burst, each a window's share. */
const beyondBurst = (rule: RateRule, calls: number) => (Math.max(0, calls - rule.capacity) * rule.windowMs) / rule.limit;

/**
 * The least time the client's rate rules (the endpoint definitions' limits, windows scaled by `timeScale`) allow for
 * the calls a sync must make: the remains task created, polled once per window share until done ("no faster
 * than its limit"; a burst of polls learns nothing sooner of a report still being built) and downloaded; the stocks
 * report in pages of STOCK_REPORT_PAGE rows until a short one; the seller's warehouse list and, in each warehouse,
 * every size in calls of SELLER_STOCK_CHRT_IDS_MAX (the list and the stocks share one bucket).
 */
export function inventorySyncFloor(timeScale: number, needs: InventorySyncNeeds): InventorySyncFloor {
  const rules = new RateRules(timeScale);
  const rule = (endpoint: { scope: Parameters<RateRules['ruleFor']>[0]; path: string }) => rules.ruleFor(endpoint.scope, endpoint.path);
  const status = rule(warehouseRemainsStatus);
  const remains = {
    calls: 1 + needs.remainsPolls + 1,
    ms:
      beyondBurst(rule(warehouseRemainsCreate), 1) +
      (needs.remainsPolls * status.windowMs) / status.limit +
      beyondBurst(rule(warehouseRemainsDownload), 1),
  };
  const pages = Math.floor(needs.stockReportRows / STOCK_REPORT_PAGE) + 1;
  const stockReport = { calls: pages, ms: beyondBurst(rule(stocksReport), pages) };
  const sellerCalls = 1 + needs.sellerWarehouses * Math.ceil(needs.sizes / SELLER_STOCK_CHRT_IDS_MAX);
  const seller = { calls: sellerCalls, ms: beyondBurst(rule(sellerStocks), sellerCalls) };
  return { remains, stockReport, seller, totalMs: Math.round(Math.max(remains.ms, stockReport.ms, seller.ms)) };
}
