import { Injectable } from '@nestjs/common';

import type { BulkItem } from '../../database/schema/pricing';
import { MarketplaceClient } from '../../marketplace/client/marketplace-client';

/** Marketplace reference 2.3: one upload carries at most 1000 items; limited to 10 per 6 s per account. */
export const PRICE_UPLOAD_PATH = '/api/v2/upload/task';
export const UPLOAD_MAX_ITEMS = 1000;

/** What the marketplace made of an upload: accepted with its task id, or rejected with its text. */
export type UploadOutcome = { accepted: true; taskId: number } | { accepted: false; errorText: string };

interface UploadAnswer {
  data?: { id?: number; alreadyExists?: boolean } | null;
  error?: boolean;
  errorText?: string;
}

const REJECTED_WITHOUT_TEXT = 'Маркетплейс отклонил загрузку без пояснения';

/** Sends one upload of prices and discounts and reads the answer; every other failure is the client's error. */
@Injectable()
export class PriceUploader {
  constructor(private readonly client: MarketplaceClient) {}

  /**
   * 200 accepted; 208 the identical upload exists already (accepted: its task id, so a resend after a crash
   * records the same task); 400 a rejection with the marketplace's errorText.
   */
  async upload(accountId: string, items: BulkItem[]): Promise<UploadOutcome> {
    const answer = await this.client.request<UploadAnswer | string | null>({
      accountId,
      scope: 'prices',
      method: 'POST',
      path: PRICE_UPLOAD_PATH,
      body: { data: items.map(({ nmID, price, discount }) => ({ nmID, price, discount })) },
      accept: [400, 208],
    });
    const body = answer.body !== null && typeof answer.body === 'object' ? answer.body : {};
    const taskId = body.data?.id;
    if (answer.status === 400 || typeof taskId !== 'number') return { accepted: false, errorText: body.errorText || REJECTED_WITHOUT_TEXT };
    return { accepted: true, taskId };
  }
}
