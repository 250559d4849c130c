import { NOTIFICATION_KINDS } from '@shared/notification-kinds';

/** How many of the notifications tell of an import of this cabinet that did not finish. */
export function failedImports(notifications: { type: string; payload: Record<string, unknown> }[], mpAccountId: string): number {
  return notifications.filter((notice) => notice.type === NOTIFICATION_KINDS.importFailed && notice.payload.mpAccountId === mpAccountId)
    .length;
}
