import { CatalogShape, indexOfNmId, sizesOf } from './generator/catalog';
import { generatedPrice, Good, goodOf, pricedCount, PriceState } from './generator/prices';
import type { JsonSlots } from './json-cache';

export interface UploadItem {
  nmID: number;
  price?: number;
  discount?: number;
}

export interface UploadTask {
  id: number;
  fingerprint: string;
  items: UploadItem[];
  uploadDate: string;
  /** When the upload is applied to the prices (upload time + the emulator's delay). */
  activationMs: number;
  /** Per item: null when applied, or the reason it failed. */
  results: (string | null)[] | null;
}

/**
 * One seller's prices: generated ones, changed by accepted uploads. An upload is applied when its
 * activation time has passed, lazily on the next read.
 */
export class SellerPrices {
  private readonly overrides = new Map<number, PriceState>();
  private readonly tasks = new Map<number, UploadTask>();
  /** Accepted tasks not applied yet, in acceptance order. */
  private readonly pending = new Set<UploadTask>();
  private readonly byFingerprint = new Map<string, number>();
  /** Items whose next uploads fail with this text when applied, as the control API set them. */
  private readonly refusals = new Map<number, string>();

  constructor(
    private readonly shape: CatalogShape,
    /** This seller's serialized goods, by card index. */
    private readonly json: JsonSlots,
    private readonly nextTaskId: () => number,
  ) {}

  priceOf(index: number): PriceState | null {
    this.applyDue();
    const override = this.overrides.get(index);
    if (override) return override;
    return index < pricedCount(this.shape) ? generatedPrice(this.shape, index) : null;
  }

  /** Serialized goods at positions offset .. offset+limit-1; a position is a card index, skipping unpriced cards. */
  goodsJson(offset: number, limit: number): Buffer[] {
    this.applyDue();
    const goods: Buffer[] = [];
    for (let index = offset; index < this.shape.cards && goods.length < limit; index += 1) {
      // A cached good is priced and current: a price change forgets it.
      const cached = this.json.cached(index);
      const price = cached ? null : this.priceOf(index);
      if (cached) goods.push(cached);
      else if (price) goods.push(this.json.get(index, () => goodOf(this.shape, index, price)));
    }
    return goods;
  }

  good(nmId: number): Good | null {
    const index = indexOfNmId(this.shape, nmId);
    const price = index === null ? null : this.priceOf(index);
    return index !== null && price ? goodOf(this.shape, index, price) : null;
  }

  hasCard(nmId: number): boolean {
    return indexOfNmId(this.shape, nmId) !== null;
  }

  existingTask(fingerprint: string): number | undefined {
    return this.byFingerprint.get(fingerprint);
  }

  task(id: number): UploadTask | undefined {
    this.applyDue();
    return this.tasks.get(id);
  }

  /** Uploads of these items are accepted, and each item fails with its text when the upload is applied. */
  refuse(items: { nmID: number; errorText: string }[]): void {
    for (const { nmID, errorText } of items) this.refusals.set(nmID, errorText);
  }

  upload(items: UploadItem[], fingerprint: string, delayMs: number, nowMs = Date.now()): UploadTask {
    const task: UploadTask = {
      id: this.nextTaskId(),
      fingerprint,
      items,
      uploadDate: new Date(nowMs).toISOString(),
      activationMs: nowMs + delayMs,
      results: null,
    };
    this.tasks.set(task.id, task);
    this.pending.add(task);
    this.byFingerprint.set(fingerprint, task.id);
    this.applyDue(nowMs);
    return task;
  }

  private applyDue(nowMs = Date.now()): void {
    for (const task of this.pending) {
      if (task.activationMs > nowMs) continue;
      task.results = task.items.map((item) => this.apply(item));
      this.pending.delete(task);
    }
  }

  private apply(item: UploadItem): string | null {
    const refusal = this.refusals.get(item.nmID);
    if (refusal !== undefined) return refusal;
    const index = indexOfNmId(this.shape, item.nmID);
    if (index === null) return 'Invalid item No.';
    const current = this.overrides.get(index) ?? (index < pricedCount(this.shape) ? generatedPrice(this.shape, index) : null);
    if (!current && item.price === undefined) return 'Price and discount not specified';
    const base: PriceState = current ?? { sizePrices: [], discount: 0, clubDiscount: 0, editableSizePrice: false };
    const sizes = sizesOf(this.shape, index).length;
    this.json.forget(index);
    this.overrides.set(index, {
      ...base,
      sizePrices: item.price === undefined ? base.sizePrices : Array.from({ length: sizes }, () => item.price!),
      discount: item.discount ?? base.discount,
      editableSizePrice: item.price === undefined ? base.editableSizePrice : false,
    });
    return null;
  }
}
