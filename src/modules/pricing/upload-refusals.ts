import { Injectable } from '@nestjs/common';

import { MarketplaceClient } from '../../marketplace/client/marketplace-client';
import { bufferGoods, historyGoods } from '../../marketplace/endpoints/prices';
import { UPLOAD_MAX_ITEMS } from './price-upload';

/** An item of an accepted upload the marketplace did not apply, with its text. */
export interface ItemRefusal {
  nmId: number;
  errorText: string;
}

/** Reference 2.4: the history's item status of a failed item. */
const ITEM_FAILED = 3;

const REFUSED_WITHOUT_TEXT = 'Маркетплейс не применил цену без пояснения';

/** Reads what the marketplace made of the items of an accepted upload (reference 2.4). */
@Injectable()
export class UploadRefusals {
  constructor(private readonly client: MarketplaceClient) {}

  /**
   * The refused items of a processed upload of at most 1000 items; null while the task is still in the buffer or not
   * in the history yet.
   */
  async of(accountId: string, taskId: number): Promise<ItemRefusal[] | null> {
    const query = { uploadID: taskId, limit: UPLOAD_MAX_ITEMS };
    const buffered = await this.client.call(bufferGoods, { accountId }, query);
    if (buffered.body.data?.bufferGoods?.length) return null;
    const processed = await this.client.call(historyGoods, { accountId }, query);
    const goods = processed.body.data?.historyGoods;
    if (!goods) return null;
    return goods
      .filter((good) => good.status === ITEM_FAILED || (good.errorText ?? '') !== '')
      .map((good) => ({ nmId: good.nmID, errorText: good.errorText || REFUSED_WITHOUT_TEXT }));
  }
}
