import { Injectable } from '@nestjs/common';

import { AppError } from '../errors/app-error';
import { AuthenticatedUser } from './authenticated-user';
import { ScopeRepository } from './scope.repository';

export const ACCOUNT_NOT_FOUND = 'Кабинет не найден';
export const BRAND_NOT_FOUND = 'Бренд не найден';

/**
 * Spec: Authentication 7. An account is reachable when the user is admin or owns it; otherwise 404,
 * the same answer as for an account that does not exist.
 */
@Injectable()
export class DataScopeService {
  constructor(private readonly scope: ScopeRepository) {}

  async assertAccountReachable(user: AuthenticatedUser, mpAccountId: string): Promise<void> {
    const ownerId = await this.scope.accountOwner(mpAccountId);
    if (ownerId === null || (user.role !== 'admin' && ownerId !== user.id)) throw AppError.notFound(ACCOUNT_NOT_FOUND);
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
