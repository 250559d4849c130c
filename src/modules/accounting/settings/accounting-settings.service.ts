import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import type { AccountingSettingsDto, AccountingSettingsUpdateDto } from './accounting-settings.dto';
import { AccountingSettingsRepository, AccountingSettingsValues } from './accounting-settings.repository';

/** Without settings the P&L counts no tax. */
const NONE = { taxRegime: 'none', taxRatePct: 0, updatedAt: null } as const;

const settings = (accountId: string, row: AccountingSettingsValues): AccountingSettingsDto => ({
  mpAccountId: accountId,
  taxRegime: row.taxRegime,
  taxRatePct: Number(row.taxRatePct),
  updatedAt: row.updatedAt,
});

/** An account's tax regime and rate, which the P&L's tax line reads. */
@Injectable()
export class AccountingSettingsService {
  constructor(
    private readonly repository: AccountingSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(accountId: string): Promise<AccountingSettingsDto> {
    const row = await this.repository.find(accountId);
    return row ? settings(accountId, row) : { mpAccountId: accountId, ...NONE };
  }

  async update(actor: AuthenticatedUser, input: AccountingSettingsUpdateDto, meta: RequestMeta): Promise<AccountingSettingsDto> {
    const before = await this.get(input.mpAccountId);
    const saved = settings(input.mpAccountId, await this.repository.save(input.mpAccountId, input.taxRegime, input.taxRatePct));
    const account = { id: input.mpAccountId, mpAccountId: input.mpAccountId };
    const change = {
      before: { taxRegime: before.taxRegime, taxRatePct: before.taxRatePct },
      after: { taxRegime: saved.taxRegime, taxRatePct: saved.taxRatePct },
    };
    await this.audit.record(settingChange('accounting.settings.update', actor, 'accounting-settings', account, change, meta));
    return saved;
  }
}
