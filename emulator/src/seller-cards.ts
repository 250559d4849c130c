import { randomUUID } from 'node:crypto';

import { characteristicName } from './generator/card-characteristics';
import { Card, cardAt, CardSize, CatalogShape, indexOfNmId } from './generator/catalog';
import type { JsonSlots } from './json-cache';

/** Reference 15.1: one card of an update request, its types already checked. */
export interface CardUpdateItem {
  nmID: number;
  vendorCode: string;
  brand?: string;
  title?: string;
  description?: string;
  kizMarked?: boolean;
  dimensions?: { length?: number; width?: number; height?: number; weightBrutto?: number };
  characteristics?: { id: number; value: unknown }[];
  sizes: { chrtID?: number; techSize?: string; wbSize?: string; price?: number; skus?: string[] }[];
}

/** Reference 15.2: the errors of one update request, by vendor code. */
export interface ErrorBatch {
  batchUUID: string;
  updatedAt: string;
  vendorCodes: string[];
  errors: Record<string, string[]>;
  subjects: Record<string, { id: number; name: string }>;
  brands: Record<string, { name: string }>;
}

export type CardMedia = Pick<Card, 'photos' | 'video'>;

/** What became of one media call: pending until its delay ends, then applied, or rejected with the reason. */
export interface MediaChange {
  nmId: number;
  call: 'save' | 'file';
  status: 'pending' | 'applied' | 'rejected' | 'superseded';
  reason?: string;
  acceptedAt: string;
}

/** The fields a card keeps whatever an update sends (reference 15.1: not writable by cards/update). */
type KeptFields =
  'nmID' | 'imtID' | 'nmUUID' | 'subjectID' | 'subjectName' | 'needKiz' | 'photos' | 'video' | 'wholesale' | 'tags' | 'createdAt';

/**
 * One seller's cards as written: generated ones until an update, a media change or a change "on the marketplace"
 * replaces them, the error batches of failed updates, and failures scripted per card.
 */
export class SellerCards {
  private readonly written = new Map<number, Card>();
  private readonly batches: ErrorBatch[] = [];
  private readonly scriptedErrors = new Map<number, string[]>();
  /** Per card, the number of the last media change started, so that an older one never applies over a newer one. */
  private readonly latestMediaChange = new Map<number, number>();
  private readonly mediaLog: MediaChange[] = [];

  constructor(
    private readonly shape: CatalogShape,
    /** The seller's serialized cards, by card index: a change forgets the card's. */
    private readonly json: JsonSlots,
  ) {}

  card(index: number): Card {
    return this.written.get(index) ?? cardAt(this.shape, index);
  }

  byNmId(nmId: number): Card | null {
    const index = indexOfNmId(this.shape, nmId);
    return index === null ? null : this.card(index);
  }

  /** The next updates of the card fail with these texts (an empty list: they apply again). */
  scriptErrors(nmId: number, errors: string[]): void {
    if (errors.length === 0) this.scriptedErrors.delete(nmId);
    else this.scriptedErrors.set(nmId, errors);
  }

  /**
   * Reference 15.1: each card that passes becomes exactly what was sent; the others, with `problems` by nmID, go to one
   * error batch with their scripted errors, and a corrected card leaves every batch.
   */
  update(items: CardUpdateItem[], problems: Map<number, string[]>, nowMs = Date.now()): void {
    const failed: { item: CardUpdateItem; errors: string[]; card: Card | null }[] = [];
    for (const item of items) {
      const card = this.byNmId(item.nmID);
      const errors = [...(problems.get(item.nmID) ?? []), ...(this.scriptedErrors.get(item.nmID) ?? [])];
      if (!card || errors.length > 0) {
        failed.push({ item, errors: errors.length > 0 ? errors : ['Карточка товара не найдена'], card });
        continue;
      }
      this.clearErrors(card.vendorCode);
      this.clearErrors(item.vendorCode);
      this.write(this.overwritten(card, item, nowMs));
    }
    if (failed.length === 0) return;
    const batch: ErrorBatch = {
      batchUUID: randomUUID(),
      updatedAt: new Date(nowMs).toISOString(),
      vendorCodes: [],
      errors: {},
      subjects: {},
      brands: {},
    };
    for (const { item, errors, card } of failed) {
      this.clearErrors(item.vendorCode);
      batch.vendorCodes.push(item.vendorCode);
      batch.errors[item.vendorCode] = errors;
      if (card) batch.subjects[item.vendorCode] = { id: card.subjectID, name: card.subjectName };
      if (item.brand) batch.brands[item.vendorCode] = { name: item.brand };
    }
    this.batches.push(batch);
  }

  /** Error batches, oldest first. */
  errorBatches(): readonly ErrorBatch[] {
    return this.batches;
  }

  /** A change made on the marketplace itself (by the seller's staff in its portal): the given fields replace the card's. */
  edit(nmId: number, fields: Partial<Omit<Card, KeptFields>>, nowMs = Date.now()): Card | null {
    const card = this.byNmId(nmId);
    if (!card) return null;
    return this.write({ ...card, ...fields, updatedAt: new Date(nowMs).toISOString() });
  }

  /** Starts a media change of the card: pending until `settleMedia`; a newer change supersedes it. */
  startMediaChange(nmId: number, call: MediaChange['call']): { number: number; change: MediaChange } {
    const number = (this.latestMediaChange.get(nmId) ?? 0) + 1;
    this.latestMediaChange.set(nmId, number);
    const change: MediaChange = { nmId, call, status: 'pending', acceptedAt: new Date().toISOString() };
    this.mediaLog.push(change);
    return { number, change };
  }

  /**
   * Ends a media change: rejected with its reason, or its photos and video applied to the card, unless a newer change
   * of the card was started since.
   */
  settleMedia(started: { number: number; change: MediaChange }, outcome: { reason: string } | ((current: CardMedia) => CardMedia)): void {
    const { number, change } = started;
    if (number !== this.latestMediaChange.get(change.nmId)) change.status = 'superseded';
    else if (typeof outcome !== 'function') Object.assign(change, { status: 'rejected', reason: outcome.reason });
    else {
      change.status = 'applied';
      this.setMedia(change.nmId, outcome);
    }
  }

  /** The card's photos and video become these at once (the marketplace, or someone else on it, changed them). */
  setMedia(nmId: number, media: (current: CardMedia) => CardMedia): Card | null {
    const card = this.byNmId(nmId);
    if (!card) return null;
    return this.write({ ...card, ...media({ photos: card.photos, video: card.video }), updatedAt: new Date().toISOString() });
  }

  /** The media changes of the seller's cards, oldest first. */
  mediaHistory(): readonly MediaChange[] {
    return this.mediaLog;
  }

  private write(card: Card): Card {
    const index = indexOfNmId(this.shape, card.nmID)!;
    this.written.set(index, card);
    this.json.forget(index);
    return card;
  }

  private clearErrors(vendorCode: string): void {
    for (let at = this.batches.length - 1; at >= 0; at -= 1) {
      const batch = this.batches[at];
      if (!(vendorCode in batch.errors)) continue;
      batch.vendorCodes = batch.vendorCodes.filter((code) => code !== vendorCode);
      delete batch.errors[vendorCode];
      delete batch.subjects[vendorCode];
      delete batch.brands[vendorCode];
      if (batch.vendorCodes.length === 0) this.batches.splice(at, 1);
    }
  }

  /** Reference 15.1: omitted writable fields are cleared; barcodes are only added; sizes left out stay as they were. */
  private overwritten(card: Card, item: CardUpdateItem, nowMs: number): Card {
    const sizes: CardSize[] = card.sizes.map((size) => ({ ...size }));
    let nextChrtId = Math.max(card.nmID * 10, ...sizes.map((size) => size.chrtID)) + 1;
    for (const sent of item.sizes) {
      const existing = sent.chrtID === undefined ? undefined : sizes.find((size) => size.chrtID === sent.chrtID);
      if (existing) {
        existing.techSize = sent.techSize ?? '';
        existing.wbSize = sent.wbSize ?? '';
        existing.skus = [...existing.skus, ...(sent.skus ?? []).filter((sku) => !existing.skus.includes(sku))];
      } else {
        sizes.push({ chrtID: nextChrtId++, techSize: sent.techSize ?? '', wbSize: sent.wbSize ?? '', skus: sent.skus ?? [] });
      }
    }
    const dimensions = item.dimensions ?? {};
    const complete = [dimensions.length, dimensions.width, dimensions.height, dimensions.weightBrutto].every((value) => (value ?? 0) > 0);
    return {
      ...card,
      vendorCode: item.vendorCode,
      brand: item.brand ?? '',
      title: item.title ?? '',
      description: item.description ?? '',
      kizMarked: item.kizMarked ?? false,
      dimensions: {
        length: dimensions.length ?? 0,
        width: dimensions.width ?? 0,
        height: dimensions.height ?? 0,
        weightBrutto: dimensions.weightBrutto ?? 0,
        isValid: complete,
      },
      characteristics: (item.characteristics ?? []).map(({ id, value }) => ({
        id,
        name: characteristicName(card.subjectID, id) ?? '',
        value,
      })),
      sizes,
      updatedAt: new Date(nowMs).toISOString(),
    };
  }
}
