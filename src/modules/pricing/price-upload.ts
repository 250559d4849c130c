import { Injectable } from '@nestjs/common';

import type { BulkItem } from '../../database/schema/pricing';
import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { priceUpload } from '../../marketplace/endpoints/prices';

/** Marketplace reference 2.3: one upload carries at most 1000 items; limited to 10 per 6 s per account. */
export const UPLOAD_MAX_ITEMS = 1000;

/** What the marketplace made of an upload: accepted with its task id, or rejected with its text. */
export type UploadOutcome = { accepted: true; taskId: number } | { accepted: false; errorText: string };

const REJECTED_WITHOUT_TEXT = 'Маркетплейс отклонил загрузку без пояснения';

/** The errorText of a rejection, whose body may also be text or empty. */
function rejectionText(body: unknown): string {
  const errorText = body !== null && typeof body === 'object' ? (body as { errorText?: unknown }).errorText : undefined;
  return typeof errorText === 'string' && errorText !== '' ? errorText : REJECTED_WITHOUT_TEXT;
}

/** Sends one upload of prices and discounts and reads the answer; every other failure is the client's error. */
@Injectable()
export class PriceUploader {
  constructor(private readonly client: MarketplaceClient) {}

  /**
   * 200 accepted; 208 the identical upload exists already (accepted: its task id, so a resend after a crash
   * records the same task); 400 a rejection with the marketplace's errorText.
   */
  async upload(accountId: string, items: BulkItem[]): Promise<UploadOutcome> {
    const data = items.map(({ nmID, price, discount }) => ({ nmID, price, discount }));
    const answer = await this.client.call(priceUpload, { accountId }, { data });
    return answer.ok ? { accepted: true, taskId: answer.body.data.id } : { accepted: false, errorText: rejectionText(answer.body) };
  }
}
