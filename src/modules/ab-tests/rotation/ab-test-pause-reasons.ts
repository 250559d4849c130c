import { Injectable } from '@nestjs/common';

import type { AbTestPauseReason } from '../../../shared/ab-tests/ab-test-states';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import type { AbTestRow } from '../tests/ab-tests.repository';
import { AbRotationRepository } from './ab-rotation.repository';
import { AbRotationMarketplace } from './ab-rotation-marketplace';

/** Why a test's measurement would be unfair now, so that it pauses until it clears. */
@Injectable()
export class AbTestPauseReasons {
  constructor(
    private readonly marketplace: AbRotationMarketplace,
    private readonly repository: AbRotationRepository,
    private readonly catalog: CatalogReader,
  ) {}

  /** The campaign not active (as the marketplace has it now), the card out of stock, its catalog price not the one at start. */
  async of(test: Pick<AbTestRow, 'mpAccountId' | 'advertId' | 'nmId' | 'priceAtStart'>): Promise<AbTestPauseReason | null> {
    const status = await this.marketplace.campaignStatus(test.mpAccountId, test.advertId);
    if (!this.marketplace.isActive(status)) return 'campaign_paused';
    if (await this.repository.outOfStock(test.mpAccountId, test.nmId)) return 'out_of_stock';
    const price = await this.price(test);
    if (test.priceAtStart !== null && price !== null && price !== test.priceAtStart) return 'price_changed';
    return null;
  }

  /** The card's price in the catalog's snapshot (as last synced or changed); null without one. */
  async price(test: Pick<AbTestRow, 'mpAccountId' | 'nmId'>): Promise<number | null> {
    return (await this.catalog.findSnapshot(test.mpAccountId, test.nmId))?.price ?? null;
  }
}
