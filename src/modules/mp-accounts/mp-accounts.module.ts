import { Module } from '@nestjs/common';

import { MpAccountKeyEvents } from './mp-account-key.events';
import { MpAccountMarketplaceService } from './mp-account-marketplace.service';
import { MpAccountsController } from './mp-accounts.controller';
import { MpAccountsRepository } from './mp-accounts.repository';
import { MpAccountsService } from './mp-accounts.service';

/** Accounts (cabinets) with sealed marketplace keys; exports the key events for modules that react to a new key. */
@Module({
  controllers: [MpAccountsController],
  providers: [MpAccountsRepository, MpAccountsService, MpAccountMarketplaceService, MpAccountKeyEvents],
  exports: [MpAccountKeyEvents],
})
export class MpAccountsModule {}
