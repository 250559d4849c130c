import { Injectable, Logger } from '@nestjs/common';

import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import { errorSummary } from '../../common/errors/error-log';
import { Page } from '../../common/http/pagination.dto';
import { AuditLogListQueryDto, AuditLogResponseDto } from './audit.dto';
import { AuditRepository } from './audit.repository';

export interface AuditEntry {
  /** Dotted action name, e.g. pricing.set, auth.lockout. */
  action: string;
  userId?: string | null;
  mpAccountId?: string | null;
  entityType?: string;
  entityId?: string;
  /** Never secrets: no passwords, tokens or keys. */
  details?: Record<string, unknown>;
  meta?: RequestMeta;
}

/** The one writer of the audit log. A failed write is logged with the request id; it never fails the caller. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly repository: AuditRepository) {}

  async record(entry: AuditEntry): Promise<void> {
    try {
      await this.repository.insert({
        action: entry.action,
        userId: entry.userId ?? null,
        mpAccountId: entry.mpAccountId ?? null,
        entityType: entry.entityType ?? null,
        entityId: entry.entityId ?? null,
        details: entry.details ?? {},
        requestId: entry.meta?.requestId ?? null,
        ip: entry.meta?.ip ?? null,
      });
    } catch (error) {
      this.logger.error({ reqId: entry.meta?.requestId, action: entry.action, err: errorSummary(error) }, 'audit record not written');
    }
  }

  /** Admin sees every record; others the records of their own accounts and their own actions. */
  list(query: AuditLogListQueryDto, user: AuthenticatedUser): Promise<Page<AuditLogResponseDto>> {
    return this.repository.findPage(query, user.role === 'admin' ? null : user.id);
  }
}
