import { Injectable } from '@nestjs/common';

import type { AppConfig } from '../../config/app-config';
import { AccountFanOut, AccountJobPayload, isAccountJobPayload } from '../../queue/account-fan-out';
import { defineJob } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { coefficientsSpacingMs, SlotMonitorService, SlotPollResult } from './monitor/slot-monitor.service';

/**
 * Spec: Job level. A short queue: a poll waits for its token within the client's ceiling instead of being delayed, and
 * one that fails is not retried, the next cycle being the retry.
 */
const SLOT_MONITOR_QUEUE = 'slot-monitor';

/** BOOKING_POLL_MS, but never shorter than the coefficients call's spacing, so that a cycle is one poll of each account. */
export function slotPollIntervalMs(config: AppConfig): number {
  return Math.max(config.booking.pollMs, coefficientsSpacingMs(config));
}

/** One account's poll of the coefficients. */
export const SLOT_MONITOR_JOB = defineJob<AccountJobPayload>({
  name: 'booking.slot-monitor',
  queue: SLOT_MONITOR_QUEUE,
  validate: isAccountJobPayload,
});

/** A cycle: one poll per account due (an account's poll still running is not doubled). */
export const SLOT_MONITOR_SCHEDULE = defineJob<Record<string, never>>({
  name: 'booking.slot-monitor.schedule',
  queue: SLOT_MONITOR_QUEUE,
  schedule: { every: slotPollIntervalMs, offsetMs: 0 },
});

@Injectable()
export class BookingJobs {
  constructor(
    private readonly fanOut: AccountFanOut,
    private readonly monitor: SlotMonitorService,
  ) {}

  @JobHandler(SLOT_MONITOR_SCHEDULE)
  async cycle(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(SLOT_MONITOR_JOB, await this.monitor.accountsDue());
  }

  @JobHandler(SLOT_MONITOR_JOB)
  poll(payload: AccountJobPayload): Promise<SlotPollResult> {
    return this.monitor.poll(payload.mpAccountId);
  }
}
