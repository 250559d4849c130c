import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import { ACCOUNT_NOT_FOUND, DataScopeService } from '../../../common/auth/data-scope.service';
import { AppError } from '../../../common/errors/app-error';
import { Page } from '../../../common/http/pagination.dto';
import { BrandItemDto, BrandListQueryDto, ProductItemDto, ProductListQueryDto } from './catalog-products.dto';
import { CatalogProductsRepository, CatalogScope } from './catalog-products.repository';

@Injectable()
export class CatalogProductsService {
  constructor(
    private readonly repository: CatalogProductsRepository,
    private readonly dataScope: DataScopeService,
  ) {}

  async listProducts(user: AuthenticatedUser, query: ProductListQueryDto): Promise<Page<ProductItemDto>> {
    const scope = await this.scopeOf(user, query.mpAccountId);
    const sortDir = query.sortDir ?? (query.sort === 'name' ? 'asc' : 'desc');
    const page = await this.repository.findProductPage(
      scope,
      { brandId: query.brandId, q: query.q, discount: query.discount, sort: query.sort, sortDir },
      query,
    );
    await this.assertReachableWhenEmpty(user, query.mpAccountId, page);
    return page;
  }

  async listBrands(user: AuthenticatedUser, query: BrandListQueryDto): Promise<Page<BrandItemDto>> {
    const page = await this.repository.findBrandPage(await this.scopeOf(user, query.mpAccountId), query);
    await this.assertReachableWhenEmpty(user, query.mpAccountId, page);
    return page;
  }

  /**
   * Spec: Authentication 7. Admin and the owner see the whole catalog. A manager who does not own the account
   * sees the brands an admin granted them through /brand-access; without a grant there the account is 404.
   * For admins and sellers the account check is part of the catalog query itself (scope.ownerId), which saves a
   * query per request; see assertReachableWhenEmpty.
   */
  private async scopeOf(user: AuthenticatedUser, mpAccountId: string): Promise<CatalogScope> {
    if (user.role !== 'manager') return { mpAccountId, brandIds: null, ownerId: user.role === 'admin' ? null : user.id };
    const access = await this.repository.accountAccess(user.id, mpAccountId);
    if (access?.ownerId === user.id) return { mpAccountId, brandIds: null, ownerId: null };
    if (!access?.grantedBrandIds.length) throw AppError.notFound(ACCOUNT_NOT_FOUND);
    return { mpAccountId, brandIds: access.grantedBrandIds, ownerId: null };
  }

  /** A catalog query answers nothing for an account out of reach: only then is the account read, to answer 404 instead. */
  private async assertReachableWhenEmpty(user: AuthenticatedUser, mpAccountId: string, page: Page<unknown>): Promise<void> {
    if (page.meta.total === 0 && user.role !== 'manager') await this.dataScope.assertAccountReachable(user, mpAccountId);
  }
}
