import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import type { Page, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import { unknownCards } from '../../catalog/products/unknown-cards';
import type {
  RnpItemDto,
  RnpItemFieldsDto,
  RnpItemsAddDto,
  RnpItemsSavedDto,
  RnpItemUpdateDto,
  RnpListCreateDto,
  RnpListDto,
  RnpListQueryDto,
} from './rnp-lists.dto';
import { RnpItemRow, RnpItemValues, RnpListRow, RnpListsRepository } from './rnp-lists.repository';

export const RNP_LIST_NOT_FOUND = 'Список не найден';
const ITEM_NOT_FOUND = 'Товар списка не найден';

const list = ({ createdBy: _createdBy, ...row }: RnpListRow): RnpListDto => row;

/** An item as the API answers it: the target DRR's numeric text parsed, never computed. */
export const rnpItem = (row: RnpItemRow): RnpItemDto => ({
  ...row,
  targetDrrPct: row.targetDrrPct === null ? null : Number(row.targetDrrPct),
});

/** The fields given, as stored (null clears an optional one; text fields default to empty). */
function values(fields: Partial<RnpItemFieldsDto>): Partial<RnpItemValues> {
  const { status, planOrdersPerDay, planPrice, targetDrrPct, manager, comment, dateFrom, dateTo } = fields;
  const given = { status, planOrdersPerDay, planPrice, targetDrrPct, manager, comment, dateFrom, dateTo };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as Partial<RnpItemValues>;
}

/** A plan's days in order: its end not before its start (either may be open). */
const inOrder = (dateFrom: string | null | undefined, dateTo: string | null | undefined) => !dateFrom || !dateTo || dateFrom <= dateTo;
const OUT_OF_ORDER = { errors: ['dateToBeforeDateFrom'] };

/** Pulse lists of an account and their SKUs with plans; a SKU must be a listed card of the account. */
@Injectable()
export class RnpListsService {
  constructor(
    private readonly repository: RnpListsRepository,
    private readonly catalog: CatalogReader,
  ) {}

  async create(actor: AuthenticatedUser, input: RnpListCreateDto): Promise<RnpListDto> {
    return this.get(await this.repository.insert(input.mpAccountId, input.name, actor.id));
  }

  /** The account's lists; each counts the items the scope sees. */
  async list(scope: DataScope, query: RnpListQueryDto): Promise<Page<RnpListDto>> {
    const page = await this.repository.page(scope, query);
    return { ...page, items: page.items.map(list) };
  }

  async get(id: string, scope?: DataScope): Promise<RnpListDto> {
    const row = await this.repository.find(id, scope?.brandIds);
    if (!row) throw AppError.notFound(RNP_LIST_NOT_FOUND);
    return list(row);
  }

  async rename(id: string, name: string): Promise<RnpListDto> {
    await this.repository.rename(id, name);
    return this.get(id);
  }

  delete(id: string): Promise<void> {
    return this.repository.delete(id);
  }

  /** Adds the items (or updates those already in the list), all or none: unknown cards 404, a repeated SKU or dates out of order 400. */
  async addItems(id: string, input: RnpItemsAddDto): Promise<RnpItemsSavedDto> {
    const { mpAccountId } = await this.get(id);
    const seen = new Set<number>();
    const problems = input.items.flatMap(({ nmId, dateFrom, dateTo }, index) => {
      const repeated = seen.has(nmId);
      seen.add(nmId);
      if (repeated) return [{ field: `items.${index}.nmId`, errors: ['duplicateNmId'] }];
      return inOrder(dateFrom, dateTo) ? [] : [{ field: `items.${index}.dateTo`, ...OUT_OF_ORDER }];
    });
    if (problems.length) throw AppError.validation(problems, 'Товар повторяется в списке или конец плана раньше начала');
    const missing = await this.catalog.missingNmIds(mpAccountId, [...seen]);
    if (missing.length) throw unknownCards(missing);
    const saved = await this.repository.upsertItems(
      id,
      input.items.map((entry) => ({ manager: '', comment: '', ...values(entry), nmId: entry.nmId, status: entry.status })),
    );
    return { saved };
  }

  /** The list's items the scope sees. */
  async items(scope: DataScope, id: string, query: PaginationQueryDto): Promise<Page<RnpItemDto>> {
    const page = await this.repository.itemsPage(id, scope.brandIds, query);
    return { ...page, items: page.items.map(rnpItem) };
  }

  async updateItem(id: string, itemId: string, input: RnpItemUpdateDto): Promise<RnpItemDto> {
    const current = await this.repository.findItem(id, itemId);
    if (!current) throw AppError.notFound(ITEM_NOT_FOUND);
    const next = values(input);
    const dateFrom = next.dateFrom === undefined ? current.dateFrom : next.dateFrom;
    const dateTo = next.dateTo === undefined ? current.dateTo : next.dateTo;
    if (!inOrder(dateFrom, dateTo))
      throw AppError.validation([{ field: 'dateTo', ...OUT_OF_ORDER }], `Конец плана (${dateTo}) раньше его начала (${dateFrom})`);
    const row = await this.repository.updateItem(id, itemId, next);
    if (!row) throw AppError.notFound(ITEM_NOT_FOUND);
    return rnpItem(row);
  }

  async deleteItem(id: string, itemId: string): Promise<void> {
    if (!(await this.repository.deleteItem(id, itemId))) throw AppError.notFound(ITEM_NOT_FOUND);
  }
}
