import { randomUUID } from 'node:crypto';

import { MediaStore } from './card-media';
import { CatalogShape, indexOfNmId } from './generator/catalog';
import { textStream } from './generator/feedbacks';
import { OrderStream, orderStream } from './generator/orders';
import { ITEM_CACHE_BYTES, JsonCache, type JsonSlots } from './json-cache';
import { PHOTOS_PREFIX } from './routes/photos.routes';
import { CATEGORIES, Category, TokenType } from './scopes';
import { SellerAcceptance } from './seller-acceptance';
import { SellerCampaigns } from './seller-campaigns';
import { SellerCards } from './seller-cards';
import { SellerPrices } from './seller-prices';
import { SellerReports } from './seller-reports';
import { SellerStock } from './seller-stock';
import { SellerSupplies, SupplyIds } from './seller-supplies';
import { SellerTexts } from './seller-texts';
import { makeToken, TokenInfo } from './tokens';

export interface Seller {
  id: string;
  name: string;
  catalog: CatalogShape;
  /** Cards as written by updates, media calls and changes on the marketplace, with the errors of failed updates. */
  cards: SellerCards;
  prices: SellerPrices;
  orders: OrderStream;
  feedbacks: SellerTexts;
  questions: SellerTexts;
  campaigns: SellerCampaigns;
  /** FBW supplies (reference 11.4-11.6). */
  supplies: SellerSupplies;
  /** Warehouse-remains report tasks. */
  stock: SellerStock;
  /** FBW warehouses and acceptance coefficients. */
  acceptance: SellerAcceptance;
  /** Serialized cards by card index. */
  cardsJson: JsonSlots;
  /** Serialized statistics rows by order and row variant. */
  rowsJson: JsonSlots;
  /** Realisation report ids above 2^53 (reference 4.1 warns of them), written as bare digits. */
  largeReportIds: boolean;
  /** Cost rows of the realisation reports and the scripted changes of reports and rows. */
  reports: SellerReports;
  /** Days the sales funnel's clock runs ahead of the real one: a test moves it to see backfilled days revised. */
  funnelClockDays: number;
}

export interface SellerInput {
  name?: string;
  seed?: number;
  cards?: number;
  /** Orders a day over the last orderDays Moscow days (defaults 40 and 90), ending ordersEndDaysAgo days before today (default 0). */
  ordersPerDay?: number;
  orderDays?: number;
  ordersEndDaysAgo?: number;
  /** Feedbacks and questions over the last 60 days (defaults 200 and 50). */
  feedbacks?: number;
  questions?: number;
  /** Advert campaigns (default 8). */
  campaigns?: number;
  /** Generated FBW supplies (default 6). */
  supplies?: number;
  tokenType?: TokenType;
  categories?: Category[];
  readOnly?: boolean;
  largeReportIds?: boolean;
  /** Realisation reports with rows of logistics, storage, acceptance, penalties, deductions and compensations (default false). */
  reportCosts?: boolean;
}

const TEXT_DAYS = 60;

/** Card 0 of every generated catalog was last updated shortly after this moment. */
const CATALOG_EPOCH_MS = Date.UTC(2025, 0, 1);

/** Every seller of the emulator and the tokens that reach them. */
export class Sellers {
  private readonly sellers = new Map<string, Seller>();
  private readonly tokens = new Map<string, TokenInfo>();
  /** Upload ids are unique across sellers, as the marketplace's are. */
  private nextTaskId = 1_000_001;
  /** Supply and order ids are unique across sellers too. */
  private nextSupplyId = 40_000_001;
  private nextPreorderId = 20_000_001;
  private readonly supplyIds: SupplyIds = { supplyId: () => this.nextSupplyId++, preorderId: () => this.nextPreorderId++ };
  /** Serialized cards, goods and rows of every seller, bounded together. */
  readonly json: JsonCache;
  /** The address of the photos route, known once the emulator listens; a catalog's photos are under its seed. */
  photosUrl = PHOTOS_PREFIX;
  /** Photos and videos set through the media calls, served under `${photosUrl}/media/`. */
  readonly media = new MediaStore();

  constructor(itemCacheBytes = ITEM_CACHE_BYTES) {
    this.json = new JsonCache(itemCacheBytes);
  }

  create(input: SellerInput): { seller: Seller; token: TokenInfo } {
    const seed = input.seed ?? Math.floor(Math.random() * 2 ** 31);
    const cards = input.cards ?? 100;
    // The catalog follows from the seed, timestamps included; orders cover the last days up to today.
    const catalog: CatalogShape = {
      seed,
      cards,
      nmIdBase: 100_000_000 + (seed % 900) * 1_000_000,
      startMs: CATALOG_EPOCH_MS + (seed % 1000) * 60_000,
      photosUrl: `${this.photosUrl}/${seed}`,
    };
    const cardsJson = this.json.slots();
    const seller: Seller = {
      id: randomUUID(),
      name: input.name ?? `Продавец ${seed}`,
      catalog,
      cards: new SellerCards(catalog, cardsJson),
      prices: new SellerPrices(catalog, this.json.slots(), () => this.nextTaskId++),
      orders: orderStream(seed, input.ordersPerDay ?? 40, input.orderDays ?? 90, input.ordersEndDaysAgo ?? 0),
      feedbacks: new SellerTexts(textStream(seed, input.feedbacks ?? 200, TEXT_DAYS, 11), catalog),
      questions: new SellerTexts(textStream(seed, input.questions ?? 50, TEXT_DAYS, 13), catalog),
      campaigns: new SellerCampaigns(catalog, cards > 0 ? (input.campaigns ?? 8) : 0),
      supplies: new SellerSupplies(catalog, input.supplies ?? 6, this.supplyIds),
      stock: new SellerStock(),
      acceptance: new SellerAcceptance(seed),
      cardsJson,
      rowsJson: this.json.slots(),
      largeReportIds: input.largeReportIds ?? false,
      reports: new SellerReports(input.reportCosts ?? false),
      funnelClockDays: 0,
    };
    this.sellers.set(seller.id, seller);
    return {
      seller,
      token: this.addToken(seller.id, input.tokenType ?? 'personal', input.categories ?? [...CATEGORIES], input.readOnly ?? false),
    };
  }

  addToken(sellerId: string, type: TokenType, categories: Category[], readOnly = false): TokenInfo {
    const token = makeToken(sellerId, type, categories, readOnly);
    this.tokens.set(token.token, token);
    return token;
  }

  get(sellerId: string): Seller | undefined {
    return this.sellers.get(sellerId);
  }

  /** A catalog of the seed that has the card (sellers of one seed have the same cards, as many as each was given). */
  catalogWithCard(seed: number, nmId: number): { catalog: CatalogShape; index: number } | null {
    for (const { catalog } of this.sellers.values()) {
      const index = catalog.seed === seed ? indexOfNmId(catalog, nmId) : null;
      if (index !== null) return { catalog, index };
    }
    return null;
  }

  byToken(token: string): { seller: Seller; token: TokenInfo } | null {
    const info = this.tokens.get(token);
    const seller = info && this.sellers.get(info.sellerId);
    return seller && info ? { seller, token: info } : null;
  }

  clear(): void {
    this.sellers.clear();
    this.tokens.clear();
    this.media.clear();
  }
}

/** The token id (payload id) for the call log, never the token itself. */
export function tokenId(token: string): string | null {
  try {
    return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { id?: string }).id ?? null;
  } catch {
    return null;
  }
}
