import { Injectable } from '@nestjs/common';

import { AppError } from '../errors/app-error';
import { AuthenticatedUser } from './authenticated-user';
import { DataScope } from './data-scope';
import { ScopeRepository } from './scope.repository';

export const ACCOUNT_NOT_FOUND = 'Кабинет не найден';
export const BRAND_NOT_FOUND = 'Бренд не найден';
const BRAND_NOT_IN_ACCOUNT = 'Бренд не найден в этом кабинете';

/**
 * Spec: Authentication 7. An account is reachable when the user is admin or owns it; otherwise 404, the same answer as
 * for an account that does not exist. Where brands count, a manager also sees the brands an admin granted them through
 * /brand-access, and only those.
 */
@Injectable()
export class DataScopeService {
  constructor(private readonly scope: ScopeRepository) {}

  async accountScope(user: AuthenticatedUser, accountId: string, brands: boolean): Promise<DataScope> {
    if (brands && user.role === 'manager') {
      const reach = await this.scope.managerReach(user.id, accountId);
      if (reach?.ownerId === user.id) return { accountId, brandIds: 'all' };
      if (!reach?.grantedBrandIds.length) throw AppError.notFound(ACCOUNT_NOT_FOUND);
      return { accountId, brandIds: reach.grantedBrandIds };
    }
    const ownerId = await this.scope.accountOwner(accountId);
    if (ownerId === null || (user.role !== 'admin' && ownerId !== user.id)) throw AppError.notFound(ACCOUNT_NOT_FOUND);
    return { accountId, brandIds: 'all' };
  }

  /** The scope narrowed to one brand of its account; a brand of another account, or one outside the scope, is 404. */
  async withinBrand(scope: DataScope, brandId: string): Promise<DataScope> {
    const visible = scope.brandIds === 'all' || scope.brandIds.includes(brandId);
    if (!visible || (await this.scope.brandAccount(brandId)) !== scope.accountId) throw AppError.notFound(BRAND_NOT_IN_ACCOUNT);
    return { accountId: scope.accountId, brandIds: [brandId] };
  }

  /** Admin, the owner of the brand's account, or a manager with a grant for the brand. */
  async assertBrandReachable(user: AuthenticatedUser, brandId: string): Promise<void> {
    const brand = await this.scope.brandAccountOwner(brandId);
    if (brand === null) throw AppError.notFound(BRAND_NOT_FOUND);
    if (user.role === 'admin' || brand.ownerId === user.id) return;
    if (user.role === 'manager' && (await this.scope.hasBrandGrant(user.id, brandId))) return;
    throw AppError.notFound(BRAND_NOT_FOUND);
  }
}
