import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { Cap, capReached } from '../../../common/errors/cap-reached';
import type { Page } from '../../../common/http/pagination.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { unknownPlaceholders } from '../../../shared/autoreply/reply-template-text';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import {
  PLACEHOLDER_LIST,
  ReplyTemplateCreateDto,
  ReplyTemplateListQueryDto,
  ReplyTemplateResponseDto,
  ReplyTemplateUpdateDto,
} from './reply-templates.dto';
import { ReplyTemplateRow, ReplyTemplatesRepository } from './reply-templates.repository';

export const TEMPLATE_NOT_FOUND = 'Шаблон ответа не найден';
const ENTITY = 'reply-template';

export const TEMPLATES_CAP: Cap = {
  variable: 'AUTOREPLY_MAX_TEMPLATES_PER_ACCOUNT',
  detail: 'maxTemplates',
  counted: 'Шаблонов ответов у кабинета',
  advice: 'Удалите ненужные шаблоны, чтобы добавить новый',
};

function toResponse(row: ReplyTemplateRow): ReplyTemplateResponseDto {
  const { deletedAt: _deletedAt, ...rest } = row;
  return rest;
}

/** Spec: Reply template. Any placeholder but the six is refused at save time, named in the message. */
function assertKnownPlaceholders(text: string | undefined): void {
  const unknown = text === undefined ? [] : unknownPlaceholders(text);
  if (unknown.length === 0) return;
  throw AppError.validation(
    [{ field: 'text', errors: ['knownPlaceholders'] }],
    `Неизвестные плейсхолдеры в тексте шаблона: ${unknown.join(', ')}. Допустимы только ${PLACEHOLDER_LIST}`,
  );
}

@Injectable()
export class ReplyTemplatesService {
  constructor(
    private readonly repository: ReplyTemplatesRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, input: ReplyTemplateCreateDto, meta: RequestMeta): Promise<ReplyTemplateResponseDto> {
    assertKnownPlaceholders(input.text);
    const max = this.config.caps.templatesPerAccount;
    const { row, live } = await this.repository.insertWithin(input, max);
    if (!row) throw capReached(TEMPLATES_CAP, max, live);
    const { name, type, text } = row;
    await this.audit.record(settingChange('autoreply.template.create', actor, ENTITY, row, { template: { name, type, text } }, meta));
    return toResponse(row);
  }

  async list(scope: DataScope, query: ReplyTemplateListQueryDto): Promise<Page<ReplyTemplateResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: page.items.map(toResponse), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<ReplyTemplateResponseDto> {
    return toResponse(await this.live(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: ReplyTemplateUpdateDto,
    meta: RequestMeta,
  ): Promise<ReplyTemplateResponseDto> {
    assertKnownPlaceholders(change.text);
    await this.live(scope, id);
    const row = await this.repository.updateLive(id, change);
    if (!row) throw AppError.notFound(TEMPLATE_NOT_FOUND);
    const { name, type, text } = row;
    await this.audit.record(
      settingChange(
        'autoreply.template.update',
        actor,
        ENTITY,
        row,
        { changed: Object.keys(change), template: { name, type, text } },
        meta,
      ),
    );
    return toResponse(row);
  }

  async remove(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.live(scope, id);
    if (!(await this.repository.softDelete(id))) throw AppError.notFound(TEMPLATE_NOT_FOUND);
    await this.audit.record(settingChange('autoreply.template.delete', actor, ENTITY, stored, { name: stored.name }, meta));
  }

  private async live(scope: DataScope, id: string): Promise<ReplyTemplateRow> {
    const row = await this.repository.findLive(scope.accountId, id);
    if (!row) throw AppError.notFound(TEMPLATE_NOT_FOUND);
    return row;
  }
}
