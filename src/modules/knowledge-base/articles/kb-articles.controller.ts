import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { UuidParam } from '../../../common/validation/uuid-param';
import { KbArticleCreateDto, KbArticleDto, KbArticleListQueryDto, KbArticleUpdateDto } from './kb-articles.dto';
import { KbArticlesRepository } from './kb-articles.repository';
import { KB_ARTICLE_NOT_FOUND, KbArticlesService } from './kb-articles.service';

const WHO =
  'Владелец кабинета, администратор или менеджер — только для статей открытых ему брендов (статья другого бренда — 404, как чужой кабинет).';

/** Articles of an account's knowledge base, with every version kept. */
@ApiTags('knowledge-base')
@Controller('knowledge-base/articles')
export class KbArticlesController {
  constructor(private readonly articles: KbArticlesService) {}

  @Post()
  @AccountScope({ from: 'body', validated: true, brands: true, brand: 'brandId' })
  @ApiOperation({
    summary: 'Создать статью базы знаний',
    description: `Версия 1. Опубликованная статья сразу находится поиском. ${WHO} Менеджер обязан указать brandId.`,
  })
  @ApiCreatedResponse({ type: KbArticleDto })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @Body() body: KbArticleCreateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<KbArticleDto> {
    return this.articles.create(user, scope, body, meta);
  }

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true, brand: 'brandId' })
  @ApiOperation({ summary: 'Статьи базы знаний кабинета', description: `Недавно изменённые первыми. ${WHO}` })
  @ApiPageResponse(KbArticleDto)
  list(@CurrentScope() scope: DataScope, @Query() query: KbArticleListQueryDto): Promise<Page<KbArticleDto>> {
    return this.articles.list(scope, query);
  }

  @Get(':id')
  @EntityScope(KbArticlesRepository, KB_ARTICLE_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({ summary: 'Статья базы знаний, её текущая версия', description: WHO })
  @ApiOkResponse({ type: KbArticleDto })
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<KbArticleDto> {
    return this.articles.get(scope, id);
  }

  @Patch(':id')
  @EntityScope(KbArticlesRepository, KB_ARTICLE_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({
    summary: 'Изменить статью базы знаний',
    description: `Каждое изменение — новая версия (version + 1), прежние доступны в /versions. ${WHO}`,
  })
  @ApiOkResponse({ type: KbArticleDto })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @Body() body: KbArticleUpdateDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<KbArticleDto> {
    return this.articles.update(user, scope, id, body, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @EntityScope(KbArticlesRepository, KB_ARTICLE_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({ summary: 'Удалить статью базы знаний', description: `Мягко: статья больше не находится поиском. ${WHO}` })
  @ApiNoContentResponse()
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.articles.delete(user, scope, id, meta);
  }

  @Get(':id/versions')
  @EntityScope(KbArticlesRepository, KB_ARTICLE_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({ summary: 'Версии статьи базы знаний', description: `Новые первыми, каждая целиком. ${WHO}` })
  @ApiPageResponse(KbArticleDto)
  versions(@CurrentScope() scope: DataScope, @UuidParam('id') id: string, @Query() query: PaginationQueryDto): Promise<Page<KbArticleDto>> {
    return this.articles.versions(scope, id, query);
  }
}
