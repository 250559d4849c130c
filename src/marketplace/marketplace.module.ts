import { Global, Module } from '@nestjs/common';
import { KeyRing } from '../common/crypto/key-ring';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { AccountKeySource } from './account-key.source';

/** The key ring and the marketplace client with its shared rate buckets: the one way to the marketplace. */
@Global()
@Module({
  providers: [
    { provide: KeyRing, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new KeyRing(config.encryption.keys, config.encryption.activeKeyId) },
    AccountKeySource,
  ],
  exports: [KeyRing, AccountKeySource],
})
export class MarketplaceModule {}
