/** Spec: Events. The notification an import that did not finish leaves its user. */
const IMPORT_FAILED = 'import.failed';

/** How many of the notifications tell of an import of this cabinet that did not finish. */
export function failedImports(notifications: { type: string; payload: Record<string, unknown> }[], mpAccountId: string): number {
  return notifications.filter((notice) => notice.type === IMPORT_FAILED && notice.payload.mpAccountId === mpAccountId).length;
}
