import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import type { LedgerCreateDto, LedgerListQueryDto, LedgerTransactionDto, LedgerUpdateDto } from './ledger.dto';
import { LedgerRepository, LedgerRow } from './ledger.repository';

export const LEDGER_NOT_FOUND = 'Операция не найдена';
const ENTITY = 'ledger-transaction';

/** A row as the API answers it: the amount's numeric text parsed, never computed. */
function transaction(row: LedgerRow): LedgerTransactionDto {
  const { deletedAt: _deleted, amount, ...rest } = row;
  return { ...rest, amount: Number(amount) };
}

/** What the audit keeps of a transaction. */
const audited = (row: LedgerRow) => ({ date: row.date, amount: Number(row.amount), type: row.type, nmId: row.nmId, comment: row.comment });

function imported(row: LedgerRow): AppError {
  return new AppError('CONFLICT', 'Операция загружена с маркетплейса: изменить или удалить можно только введённые вручную', {
    details: { source: row.source },
  });
}

/** The ledger as users read and correct it: imported rows are read-only, manual ones are the seller's to change. */
@Injectable()
export class LedgerService {
  constructor(
    private readonly repository: LedgerRepository,
    private readonly audit: AuditService,
  ) {}

  async list(scope: DataScope, query: LedgerListQueryDto): Promise<Page<LedgerTransactionDto>> {
    const { dateFrom, dateTo, type, source, nmId } = query;
    const page = await this.repository.page({ ...scope, dateFrom, dateTo, type, source, nmId }, query);
    return { ...page, items: page.items.map(transaction) };
  }

  async create(actor: AuthenticatedUser, input: LedgerCreateDto, meta: RequestMeta): Promise<LedgerTransactionDto> {
    const values = { date: input.date, amount: input.amount, type: input.type, nmId: input.nmId ?? null, comment: input.comment ?? '' };
    const row = await this.repository.insertManual(input.mpAccountId, values, actor.id);
    await this.audit.record(settingChange('accounting.transaction.create', actor, ENTITY, row, { transaction: audited(row) }, meta));
    return transaction(row);
  }

  async update(actor: AuthenticatedUser, id: string, input: LedgerUpdateDto, meta: RequestMeta): Promise<LedgerTransactionDto> {
    const before = await this.existing(id);
    if (before.source !== 'manual') throw imported(before);
    const { date, amount, type, comment } = input;
    const row = await this.repository.updateManual(id, {
      ...(date !== undefined && date !== null && { date }),
      ...(amount !== undefined && amount !== null && { amount }),
      ...(type !== undefined && type !== null && { type }),
      ...(input.nmId !== undefined && { nmId: input.nmId }),
      ...(comment !== undefined && comment !== null && { comment }),
    });
    if (!row) throw AppError.notFound(LEDGER_NOT_FOUND);
    await this.audit.record(
      settingChange('accounting.transaction.update', actor, ENTITY, row, { before: audited(before), after: audited(row) }, meta),
    );
    return transaction(row);
  }

  async remove(actor: AuthenticatedUser, id: string, meta: RequestMeta): Promise<void> {
    const row = await this.existing(id);
    if (row.source !== 'manual') throw imported(row);
    if (!(await this.repository.deleteManual(id))) throw AppError.notFound(LEDGER_NOT_FOUND);
    await this.audit.record(settingChange('accounting.transaction.delete', actor, ENTITY, row, { transaction: audited(row) }, meta));
  }

  private async existing(id: string): Promise<LedgerRow> {
    const row = await this.repository.find(id);
    if (!row) throw AppError.notFound(LEDGER_NOT_FOUND);
    return row;
  }
}
