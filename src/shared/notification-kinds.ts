/** Spec: Events. The notification kinds (`type`) the service writes; the web app counts the failed imports among them. */
export const NOTIFICATION_KINDS = {
  importFinished: 'import.finished',
  importFailed: 'import.failed',
  bookingShortfall: 'booking.shortfall',
  bookingSlot: 'booking.slot',
  inventoryUrgent: 'inventory.urgent',
  abTestInterrupted: 'ab_test.interrupted',
} as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[keyof typeof NOTIFICATION_KINDS];
