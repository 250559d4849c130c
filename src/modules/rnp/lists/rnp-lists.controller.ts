import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { CreateRoute, DeleteRoute, ItemRoute, ItemScope, RouteDocs } from '../../../common/http/resource-routes';
import { UuidParam } from '../../../common/validation/uuid-param';
import {
  RNP_ITEMS_MAX,
  RnpItemDto,
  RnpItemsAddDto,
  RnpItemsSavedDto,
  RnpItemUpdateDto,
  RnpListCreateDto,
  RnpListDto,
  RnpListQueryDto,
  RnpListUpdateDto,
} from './rnp-lists.dto';
import { RnpListsRepository } from './rnp-lists.repository';
import { RNP_LIST_NOT_FOUND, RnpListsService } from './rnp-lists.service';

const LIST: ItemScope = { accounts: RnpListsRepository, notFound: RNP_LIST_NOT_FOUND };
const WHO = 'Владелец кабинета или администратор.';
const READ = 'Менеджер видит все списки кабинета, но в них только товары открытых ему брендов.';

/** Pulse (RNP) lists of SKUs with a plan for each, which the daily pulse reads. */
@ApiTags('rnp')
@Controller('rnp/product-lists')
export class RnpListsController {
  constructor(private readonly lists: RnpListsService) {}

  @CreateRoute({ summary: 'Создать список товаров для РнП', description: WHO }, RnpListDto)
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: RnpListCreateDto): Promise<RnpListDto> {
    return this.lists.create(user, body);
  }

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({ summary: 'Списки товаров РнП кабинета', description: `Новые первыми. ${READ}` })
  @ApiPageResponse(RnpListDto)
  list(@CurrentScope() scope: DataScope, @Query() query: RnpListQueryDto): Promise<Page<RnpListDto>> {
    return this.lists.list(scope, query);
  }

  @Get(':id')
  @EntityScope(RnpListsRepository, RNP_LIST_NOT_FOUND, 'id', { brands: true })
  @RouteDocs({ summary: 'Список товаров РнП', description: READ })
  @ApiOkResponse({ type: RnpListDto })
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<RnpListDto> {
    return this.lists.get(id, scope);
  }

  @ItemRoute('PATCH', LIST, { summary: 'Переименовать список товаров РнП' }, RnpListDto)
  rename(@UuidParam('id') id: string, @Body() body: RnpListUpdateDto): Promise<RnpListDto> {
    return this.lists.rename(id, body.name);
  }

  @DeleteRoute(LIST, { summary: 'Удалить список товаров РнП вместе с его товарами' })
  remove(@UuidParam('id') id: string): Promise<void> {
    return this.lists.delete(id);
  }

  @Post(':id/items')
  @HttpCode(200)
  @EntityScope(RnpListsRepository, RNP_LIST_NOT_FOUND)
  @ApiOperation({
    summary: 'Добавить товары в список РнП',
    description:
      `До ${RNP_ITEMS_MAX} товаров за раз; товар, который уже в списке, получает новые поля. Сохраняется всё или ничего: ` +
      'товар не из каталога — 404 со списком nmIds, повтор товара или конец плана раньше начала — 400.',
  })
  @ApiOkResponse({ type: RnpItemsSavedDto })
  addItems(@UuidParam('id') id: string, @Body() body: RnpItemsAddDto): Promise<RnpItemsSavedDto> {
    return this.lists.addItems(id, body);
  }

  @Get(':id/items')
  @EntityScope(RnpListsRepository, RNP_LIST_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({ summary: 'Товары списка РнП с планами', description: `По nmId. ${READ}` })
  @ApiPageResponse(RnpItemDto)
  items(@CurrentScope() scope: DataScope, @UuidParam('id') id: string, @Query() query: PaginationQueryDto): Promise<Page<RnpItemDto>> {
    return this.lists.items(scope, id, query);
  }

  @Patch(':id/items/:itemId')
  @EntityScope(RnpListsRepository, RNP_LIST_NOT_FOUND)
  @ApiOperation({ summary: 'Изменить план товара списка РнП', description: 'null очищает необязательное поле.' })
  @ApiOkResponse({ type: RnpItemDto })
  updateItem(@UuidParam('id') id: string, @UuidParam('itemId') itemId: string, @Body() body: RnpItemUpdateDto): Promise<RnpItemDto> {
    return this.lists.updateItem(id, itemId, body);
  }

  @Delete(':id/items/:itemId')
  @HttpCode(204)
  @EntityScope(RnpListsRepository, RNP_LIST_NOT_FOUND)
  @ApiOperation({ summary: 'Убрать товар из списка РнП' })
  @ApiNoContentResponse()
  deleteItem(@UuidParam('id') id: string, @UuidParam('itemId') itemId: string): Promise<void> {
    return this.lists.deleteItem(id, itemId);
  }
}
