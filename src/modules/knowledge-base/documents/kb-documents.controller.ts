import { Controller, Delete, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { AccountScope, EntityScope } from '../../../common/auth/scope.guard';
import { ApiErrorBodyDto } from '../../../common/errors/api-error-body.dto';
import { MultipartUploadRoute } from '../../../common/http/multipart-upload';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { UuidParam } from '../../../common/validation/uuid-param';
import { KbDocumentDto, KbDocumentListQueryDto, KbDocumentUploadedDto } from './kb-documents.dto';
import { KbDocumentsRepository } from './kb-documents.repository';
import { KB_DOCUMENT_MAX_TEXT, KB_DOCUMENT_NOT_FOUND, KbDocumentsService } from './kb-documents.service';

const WHO =
  'Владелец кабинета, администратор или менеджер — только для документов открытых ему брендов (документ другого бренда — 404, как чужой кабинет).';

/** Uploaded documents of an account's knowledge base: their text is searched like the articles'. No AI takes part. */
@ApiTags('knowledge-base')
@Controller('knowledge-base/documents')
export class KbDocumentsController {
  constructor(private readonly documents: KbDocumentsService) {}

  @Post()
  @HttpCode(202)
  @MultipartUploadRoute(
    { mpAccountId: { format: 'uuid', description: 'Кабинет; чужой или несуществующий — 404' } },
    { description: 'PDF, DOCX, XLSX по содержимому или текст в UTF-8 (TXT; MD — по имени *.md)', maxFileText: KB_DOCUMENT_MAX_TEXT },
  )
  @ApiOperation({
    summary: 'Загрузить документ в базу знаний',
    description:
      `multipart/form-data: поле mpAccountId, затем файл в части file, до ${KB_DOCUMENT_MAX_TEXT}. Тип определяется по содержимому, ` +
      'не по имени; другой файл — 400 VALIDATION_FAILED. Документ всего кабинета загружают владелец и администратор. Текст ' +
      'извлекается в фоне: статус processing, затем indexed, failed или skipped. Тот же файл повторно — 409 CONFLICT ' +
      '(details.documentId — уже загруженный документ).',
  })
  @ApiAcceptedResponse({ type: KbDocumentUploadedDto })
  @ApiConflictResponse({ type: ApiErrorBodyDto, description: 'CONFLICT: этот файл уже загружен (details.documentId)' })
  upload(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<KbDocumentUploadedDto> {
    return this.documents.upload(user, request, meta);
  }

  @Get()
  @AccountScope({ from: 'query', validated: true, brands: true })
  @ApiOperation({ summary: 'Документы базы знаний кабинета', description: `Новые первыми. ${WHO}` })
  @ApiPageResponse(KbDocumentDto)
  list(@CurrentScope() scope: DataScope, @Query() query: KbDocumentListQueryDto): Promise<Page<KbDocumentDto>> {
    return this.documents.list(scope, query);
  }

  @Get(':id')
  @EntityScope(KbDocumentsRepository, KB_DOCUMENT_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({ summary: 'Документ базы знаний и его статус', description: WHO })
  @ApiOkResponse({ type: KbDocumentDto })
  get(@CurrentScope() scope: DataScope, @UuidParam('id') id: string): Promise<KbDocumentDto> {
    return this.documents.get(scope, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @EntityScope(KbDocumentsRepository, KB_DOCUMENT_NOT_FOUND, 'id', { brands: true })
  @ApiOperation({ summary: 'Удалить документ базы знаний', description: `Мягко: документ больше не находится поиском. ${WHO}` })
  @ApiNoContentResponse()
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentScope() scope: DataScope,
    @UuidParam('id') id: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.documents.delete(user, scope, id, meta);
  }
}
