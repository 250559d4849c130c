import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import type { AuditEntry } from './audit.service';

/**
 * A setting a user created, changed or deleted (a reply template, an ad budget limit ...), or a complaint a user acted on: audited like
 * an account change, after the write.
 */
export function settingChange(
  action: string,
  actor: AuthenticatedUser,
  entityType: string,
  setting: { id: string; mpAccountId: string },
  details: Record<string, unknown>,
  meta: RequestMeta,
): AuditEntry {
  return { action, userId: actor.id, mpAccountId: setting.mpAccountId, entityType, entityId: setting.id, details, meta };
}
