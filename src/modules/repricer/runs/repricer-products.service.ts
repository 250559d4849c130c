import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { ProductListQueryDto } from '../../catalog/products/catalog-products.dto';
import { CatalogProductsService } from '../../catalog/products/catalog-products.service';
import type { RepricerRuleRow } from '../rules/repricer-rules.reader';
import { repricerSchedule } from '../rules/repricer-service-schedule';
import { RepricerLinkedRuleDto, RepricerProductPageDto } from './repricer-products.dto';
import { RepricerRuleIndex } from './repricer-rule-index';

function linkedRule(rule: RepricerRuleRow): RepricerLinkedRuleDto {
  return { id: rule.id, name: rule.name, actionType: rule.actionType, actionValue: Number(rule.actionValue) };
}

@Injectable()
export class RepricerProductsService {
  constructor(
    private readonly catalog: CatalogProductsService,
    private readonly ruleIndex: RepricerRuleIndex,
  ) {}

  /**
   * The catalog page with the rule a manual or scheduled run would apply: no metrics and no brand reach the engine
   * there (spec: Engine rules 4, 5), so only `always` rules of sku and list scope link.
   */
  async listProducts(scope: DataScope, query: ProductListQueryDto): Promise<RepricerProductPageDto> {
    const page = await this.catalog.listProducts(scope, query);
    const book = await this.ruleIndex.forAccount(scope.accountId);
    const items = page.items.map((item) => {
      const rule = book.ruleFor({ nmId: item.nmId });
      return { ...item, rule: rule ? linkedRule(rule) : null };
    });
    return { items, meta: page.meta, schedule: repricerSchedule() };
  }
}
