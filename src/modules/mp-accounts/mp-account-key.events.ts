import { Injectable, Logger } from '@nestjs/common';

import { errorSummary } from '../../common/errors/error-log';

export interface MpAccountKeySet {
  accountId: string;
  /** connected: the account was created; key-changed: PATCH carried an apiKey (same value or not). */
  reason: 'connected' | 'key-changed';
}

export type MpAccountKeyListener = (event: MpAccountKeySet) => void | Promise<void>;

/**
 * "An account was connected or its key changed": the point where work that needs a usable key starts (the catalog
 * module starts a catalog sync here). A module registers once at start, for example in onModuleInit:
 * `keyEvents.onKeySet(({ accountId, reason }) => ...)`. The accounts service emits after the change is committed
 * and waits for the listeners, so keep them short (enqueue a job). A name or isActive change emits nothing.
 * A failing listener is logged and never fails the request. The event never carries the key.
 */
@Injectable()
export class MpAccountKeyEvents {
  private readonly logger = new Logger('MpAccountKeyEvents');
  private readonly listeners: MpAccountKeyListener[] = [];

  onKeySet(listener: MpAccountKeyListener): void {
    this.listeners.push(listener);
  }

  async emit(event: MpAccountKeySet): Promise<void> {
    const results = await Promise.allSettled(this.listeners.map(async (listener) => listener(event)));
    for (const result of results) {
      if (result.status === 'rejected') {
        this.logger.error(
          { accountId: event.accountId, reason: event.reason, err: errorSummary(result.reason) },
          'account key listener failed',
        );
      }
    }
  }
}
