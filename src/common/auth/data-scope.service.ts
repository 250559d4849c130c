import { Injectable } from '@nestjs/common';

import { AccountsReader } from '../../accounts/accounts.reader';
import { AppError } from '../errors/app-error';
import { AuthenticatedUser } from './authenticated-user';
import { DataScope } from './data-scope';

export const ACCOUNT_NOT_FOUND = 'Кабинет не найден';
export const BRAND_NOT_FOUND = 'Бренд не найден';
const BRAND_NOT_IN_ACCOUNT = 'Бренд не найден в этом кабинете';
/**
 * An account's owner never changes, so every account-scoped request need not read it again: it is remembered this long.
 * A deletion is forgotten at once in the process that deletes (forget()), and within this time in the others.
 */
const OWNER_TTL_MS = 1000;
const OWNERS_REMEMBERED = 10_000;

/**
 * Spec: Authentication 7. An account is reachable when the user is admin or owns it; otherwise 404, the same answer as
 * for an account that does not exist. Where brands count, a manager also sees the brands an admin granted them through
 * /brand-access, and only those.
 */
@Injectable()
export class DataScopeService {
  private readonly owners = new Map<string, { ownerId: string; until: number }>();

  constructor(private readonly accounts: AccountsReader) {}

  async accountScope(user: AuthenticatedUser, accountId: string, brands: boolean): Promise<DataScope> {
    if (brands && user.role === 'manager') {
      const reach = await this.accounts.managerReach(user.id, accountId);
      if (reach?.ownerId === user.id) return { accountId, brandIds: 'all' };
      if (!reach?.grantedBrandIds.length) throw AppError.notFound(ACCOUNT_NOT_FOUND);
      return { accountId, brandIds: reach.grantedBrandIds };
    }
    const ownerId = await this.ownerOf(accountId);
    if (ownerId === undefined || (user.role !== 'admin' && ownerId !== user.id)) throw AppError.notFound(ACCOUNT_NOT_FOUND);
    return { accountId, brandIds: 'all' };
  }

  /** The account is deleted: its owner is not remembered any longer. */
  forget(accountId: string): void {
    this.owners.delete(accountId);
  }

  /** Only live accounts are remembered: one created a moment later is found at once. */
  private async ownerOf(accountId: string): Promise<string | undefined> {
    const now = Date.now();
    const known = this.owners.get(accountId);
    if (known && known.until > now) return known.ownerId;
    const ownerId = await this.accounts.ownerOf(accountId);
    if (ownerId !== undefined) {
      if (this.owners.size >= OWNERS_REMEMBERED) this.owners.clear();
      this.owners.set(accountId, { ownerId, until: now + OWNER_TTL_MS });
    }
    return ownerId;
  }

  /** The scope narrowed to one brand of its account; a brand of another account, or one outside the scope, is 404. */
  async withinBrand(scope: DataScope, brandId: string): Promise<DataScope> {
    const visible = scope.brandIds === 'all' || scope.brandIds.includes(brandId);
    if (!visible || (await this.accounts.brandAccount(brandId)) !== scope.accountId) throw AppError.notFound(BRAND_NOT_IN_ACCOUNT);
    return { accountId: scope.accountId, brandIds: [brandId] };
  }

  /** Admin, the owner of the brand's account, or a manager with a grant for the brand. */
  async assertBrandReachable(user: AuthenticatedUser, brandId: string): Promise<void> {
    const ownerId = await this.accounts.brandOwner(brandId);
    if (ownerId === undefined) throw AppError.notFound(BRAND_NOT_FOUND);
    if (user.role === 'admin' || ownerId === user.id) return;
    if (user.role === 'manager' && (await this.accounts.hasBrandGrant(user.id, brandId))) return;
    throw AppError.notFound(BRAND_NOT_FOUND);
  }
}
