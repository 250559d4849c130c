import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import { AuditService } from '../audit/audit.service';
import { UsersReader } from '../auth/users.reader';
import { CatalogReader } from '../catalog/products/catalog.reader';
import { BrandAccessListQueryDto, BrandAccessResponseDto } from './brand-access.dto';
import { BrandAccessRepository } from './brand-access.repository';

@Injectable()
export class BrandAccessService {
  constructor(
    private readonly repository: BrandAccessRepository,
    private readonly users: UsersReader,
    private readonly catalog: CatalogReader,
    private readonly audit: AuditService,
  ) {}

  async grant(actor: AuthenticatedUser, userId: string, brandId: string, meta: RequestMeta): Promise<BrandAccessResponseDto> {
    const role = await this.users.roleOf(userId);
    if (!role) throw AppError.notFound('Пользователь не найден');
    if (role !== 'manager') throw new AppError('BAD_REQUEST', 'Доступ к бренду выдаётся только менеджеру');
    if (!(await this.catalog.brandExists(brandId))) throw AppError.notFound('Бренд не найден');
    const id = await this.repository.grant(userId, brandId, actor.id);
    const grant = (await this.repository.findById(id))!;
    await this.audit.record({
      action: 'brand-access.grant',
      userId: actor.id,
      mpAccountId: grant.mpAccountId,
      entityType: 'brand-access',
      entityId: id,
      details: { managerId: userId, brandId },
      meta,
    });
    return grant;
  }

  list(query: BrandAccessListQueryDto): Promise<Page<BrandAccessResponseDto>> {
    return this.repository.findPage(query);
  }

  async revoke(actor: AuthenticatedUser, id: string, meta: RequestMeta): Promise<void> {
    const grant = await this.repository.findById(id);
    if (!grant || !(await this.repository.revoke(id))) throw AppError.notFound('Доступ не найден');
    await this.audit.record({
      action: 'brand-access.revoke',
      userId: actor.id,
      mpAccountId: grant.mpAccountId,
      entityType: 'brand-access',
      entityId: id,
      details: { managerId: grant.userId, brandId: grant.brandId },
      meta,
    });
  }
}
