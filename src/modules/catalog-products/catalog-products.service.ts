import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ACCOUNT_NOT_FOUND, DataScopeService } from '../../common/auth/data-scope.service';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import { BrandItemDto, BrandListQueryDto, ProductItemDto, ProductListQueryDto } from './catalog-products.dto';
import { CatalogProductsRepository, CatalogScope, ProductRow } from './catalog-products.repository';

/** discounted_price is numeric(12,2), read as a string: parsed, never computed, so kopecks stay exact. */
function toProductItem({ pricePendingSince, discountedPrice, ...row }: ProductRow): ProductItemDto {
  return { ...row, discountedPrice: discountedPrice === null ? null : Number(discountedPrice), pricePending: pricePendingSince !== null };
}

@Injectable()
export class CatalogProductsService {
  constructor(
    private readonly repository: CatalogProductsRepository,
    private readonly dataScope: DataScopeService,
  ) {}

  async listProducts(user: AuthenticatedUser, query: ProductListQueryDto): Promise<Page<ProductItemDto>> {
    const scope = await this.scopeOf(user, query.mpAccountId);
    const sortDir = query.sortDir ?? (query.sort === 'name' ? 'asc' : 'desc');
    const page = await this.repository.findProductPage(scope, { brandId: query.brandId, q: query.q, discount: query.discount, sort: query.sort, sortDir }, query);
    return { items: page.items.map(toProductItem), meta: page.meta };
  }

  async listBrands(user: AuthenticatedUser, query: BrandListQueryDto): Promise<Page<BrandItemDto>> {
    return this.repository.findBrandPage(await this.scopeOf(user, query.mpAccountId), query);
  }

  /**
   * Spec: Authentication 7. Admin and the owner see the whole catalog. A manager who does not own the account
   * sees the brands an admin granted them through /brand-access; without a grant there the account is 404.
   */
  private async scopeOf(user: AuthenticatedUser, mpAccountId: string): Promise<CatalogScope> {
    if (user.role !== 'manager') {
      await this.dataScope.assertAccountReachable(user, mpAccountId);
      return { mpAccountId, brandIds: null };
    }
    const access = await this.repository.accountAccess(user.id, mpAccountId);
    if (access?.ownerId === user.id) return { mpAccountId, brandIds: null };
    if (!access?.grantedBrandIds.length) throw AppError.notFound(ACCOUNT_NOT_FOUND);
    return { mpAccountId, brandIds: access.grantedBrandIds };
  }
}
