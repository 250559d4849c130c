import { randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ACCOUNT_NOT_FOUND, DataScopeService } from '../../common/auth/data-scope.service';
import type { RequestMeta } from '../../common/auth/request-meta';
import { KeyRing } from '../../common/crypto/key-ring';
import { AppError } from '../../common/errors/app-error';
import { Cap, capReached } from '../../common/errors/cap-reached';
import { Page } from '../../common/http/pagination.dto';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditService } from '../audit/audit.service';
import { MpAccountKeyEvents } from './mp-account-key.events';
import { MpAccountCreateDto, MpAccountListQueryDto, MpAccountResponseDto, MpAccountUpdateDto } from './mp-accounts.dto';
import { MpAccountsRepository, StoredKey } from './mp-accounts.repository';

export const ACCOUNTS_CAP: Cap = {
  variable: 'MP_ACCOUNTS_MAX_PER_USER',
  detail: 'maxAccounts',
  counted: 'Кабинетов у пользователя',
  advice: 'Удалите кабинет, который больше не нужен, чтобы подключить новый',
};

/**
 * Accounts (cabinets) and their marketplace keys. Reachability of one account (admin or owner, else 404) is checked by
 * @AccountScope on the routes; this service sees only reachable ids. The key is sealed bound to the account id and only
 * its last 4 characters leave the service: not in responses, audit records or events.
 */
@Injectable()
export class MpAccountsService {
  constructor(
    private readonly repository: MpAccountsRepository,
    private readonly keyRing: KeyRing,
    private readonly keyEvents: MpAccountKeyEvents,
    private readonly audit: AuditService,
    private readonly scopes: DataScopeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, input: MpAccountCreateDto, meta: RequestMeta): Promise<MpAccountResponseDto> {
    // The id is the key's bound data, so it exists before the row does.
    const id = randomUUID();
    const max = this.config.caps.accountsPerUser;
    const { row: account, live } = await this.repository.insertWithin(
      { id, ownerId: actor.id, name: input.name, isActive: input.isActive ?? true, key: this.sealKey(input.apiKey, id) },
      max,
    );
    if (!account) throw capReached(ACCOUNTS_CAP, max, live);
    await this.audit.record({
      action: 'mp-account.create',
      userId: actor.id,
      mpAccountId: id,
      entityType: 'mp-account',
      entityId: id,
      details: { name: account.name, isActive: account.isActive },
      meta,
    });
    await this.keyEvents.emit({ accountId: id, reason: 'connected' });
    return account;
  }

  list(actor: AuthenticatedUser, query: MpAccountListQueryDto): Promise<Page<MpAccountResponseDto>> {
    return this.repository.findPage(query, actor.role === 'admin' ? null : actor.id);
  }

  async get(id: string): Promise<MpAccountResponseDto> {
    return (await this.repository.findById(id)) ?? notFound();
  }

  async update(actor: AuthenticatedUser, id: string, input: MpAccountUpdateDto, meta: RequestMeta): Promise<MpAccountResponseDto> {
    const key = input.apiKey === undefined ? undefined : this.sealKey(input.apiKey, id);
    const account = (await this.repository.update(id, { name: input.name, isActive: input.isActive, key })) ?? notFound();
    const details = { name: input.name, isActive: input.isActive, keyChanged: key !== undefined };
    await this.audit.record({
      action: 'mp-account.update',
      userId: actor.id,
      mpAccountId: id,
      entityType: 'mp-account',
      entityId: id,
      details,
      meta,
    });
    if (key) await this.keyEvents.emit({ accountId: id, reason: 'key-changed' });
    return account;
  }

  async remove(actor: AuthenticatedUser, id: string, meta: RequestMeta): Promise<void> {
    if (!(await this.repository.softDelete(id))) notFound();
    this.scopes.forget(id);
    await this.audit.record({
      action: 'mp-account.delete',
      userId: actor.id,
      mpAccountId: id,
      entityType: 'mp-account',
      entityId: id,
      meta,
    });
  }

  private sealKey(apiKey: string, accountId: string): StoredKey {
    return { sealed: this.keyRing.seal(apiKey, accountId), last4: apiKey.slice(-4) };
  }
}

/** Deleted between the scope check and the write: the same 404 as a foreign account. */
function notFound(): never {
  throw AppError.notFound(ACCOUNT_NOT_FOUND);
}
