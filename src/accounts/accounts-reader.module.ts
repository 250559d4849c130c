import { Global, Module } from '@nestjs/common';

import { AccountsReader } from './accounts.reader';

/** The accounts reader for data scope, every module, the schedules and the marketplace client's key source. */
@Global()
@Module({ providers: [AccountsReader], exports: [AccountsReader] })
export class AccountsReaderModule {}
