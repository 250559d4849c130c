import { Global, Module } from '@nestjs/common';

import { AccountsReader } from './accounts.reader';

/** The accounts reader for every module and for the marketplace client's key source, without importing the accounts module. */
@Global()
@Module({ providers: [AccountsReader], exports: [AccountsReader] })
export class AccountsReaderModule {}
