import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { STOCK_WAREHOUSE_KINDS, StockSources } from '../../database/schema';
import { AccountFanOut, isAccountJobPayload } from '../../queue/account-fan-out';
import { defineJob, LONG_SYNC_RETRIES } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../sync-state/account-sync-runner';
import type { SyncKind } from '../../sync-state/account-sync-states';
import { InventoryAlerts } from './alerts/inventory-alerts';
import { InventoryCover } from './planning/inventory-cover';
import { InventorySettingsService } from './settings/inventory-settings.service';
import { InventorySyncRepository } from './sync/inventory-sync.repository';
import { InventorySyncCounts, InventorySyncPayload, InventorySyncWalker } from './sync/inventory-sync-walker';

export const INVENTORY_SYNC_QUEUE = 'inventory-sync';

const FAILED_MESSAGE = 'Не удалось получить остатки с маркетплейса';

/** A long sync (spec: Job level): a token wait over 5 s delays it without using an attempt. */
export const INVENTORY_SYNC_JOB = defineJob<InventorySyncPayload>({
  name: 'inventory.sync',
  queue: INVENTORY_SYNC_QUEUE,
  ...LONG_SYNC_RETRIES,
  failedMessage: FAILED_MESSAGE,
  validate: isAccountJobPayload,
});

/** Stock of every active account every 30 minutes, at :07 and :37 (README: Schedules of an account). */
export const INVENTORY_SYNC_SCHEDULE = defineJob<Record<string, never>>({
  name: 'inventory.sync.schedule',
  queue: INVENTORY_SYNC_QUEUE,
  schedule: { pattern: '5,35 * * * *', tz: MOSCOW_TZ },
});

export const INVENTORY_SYNC: SyncKind = {
  kind: 'inventory',
  jobs: [INVENTORY_SYNC_JOB],
  queuedMessage: 'Синхронизация остатков в очереди',
  runningMessage: 'Синхронизация остатков идёт',
  startedMessage: 'Синхронизация остатков начата',
  failedMessage: FAILED_MESSAGE,
};

export interface InventorySyncResult extends InventorySyncCounts {
  /** SKUs told to the owner as entering urgent or out of stock. */
  alerts: number;
  message: string;
  sources: StockSources;
  snapshotDay: string;
}

const SOURCE_NAMES: Record<keyof StockSources, string> = {
  remains: 'отчёт об остатках',
  stockReport: 'остатки на складах маркетплейса',
  sellerWarehouses: 'склады продавца',
};

function resultMessage(sources: StockSources): string {
  const failed = (Object.keys(sources) as (keyof StockSources)[]).filter((source) => sources[source] === 'failed');
  return failed.length === 0
    ? 'Остатки получены'
    : `Остатки получены не полностью: недоступны ${failed.map((source) => SOURCE_NAMES[source]).join(', ')}`;
}

@Injectable()
export class InventoryJobs {
  constructor(
    private readonly runner: AccountSyncRunner,
    private readonly walker: InventorySyncWalker,
    private readonly repository: InventorySyncRepository,
    private readonly fanOut: AccountFanOut,
    private readonly cover: InventoryCover,
    private readonly settings: InventorySettingsService,
    private readonly alerts: InventoryAlerts,
  ) {}

  /**
   * The sources in turn, then the day's snapshot of what they left, each SKU's cover and the alerts of SKUs that entered
   * urgent or out of stock (spec: Job level, README: Inventory).
   */
  @JobHandler(INVENTORY_SYNC_JOB)
  sync(_payload: InventorySyncPayload, job: Job<InventorySyncPayload>): Promise<AccountSyncOutcome<InventorySyncResult>> {
    return this.runner.run(job, INVENTORY_SYNC, async () => {
      // Velocity reads the days before today only: it is computed while the sources are read.
      let velocities: Map<number, number | null> | undefined;
      const checkpoint = await this.walker.walk(job, async () => {
        velocities = await this.cover.velocities(job.data.mpAccountId);
      });
      const sources = checkpoint.sources as StockSources;
      const takenAt = new Date();
      const { snapshotDay, snapshotKinds } = checkpoint;
      const unwritten = STOCK_WAREHOUSE_KINDS.filter((kind) => !snapshotKinds.includes(kind));
      await this.repository.writeSnapshot(job.data.mpAccountId, snapshotDay, takenAt, sources, unwritten);
      await this.cover.refresh(job.data.mpAccountId, await this.settings.values(job.data.mpAccountId), takenAt, velocities);
      const alerts = await this.alerts.tell(job.data.mpAccountId, takenAt);
      const result = { ...checkpoint.counts, alerts, sources, snapshotDay, message: resultMessage(sources) };
      return { result, parts: ['stock'], counters: { ...checkpoint.counts } };
    });
  }

  @JobHandler(INVENTORY_SYNC_SCHEDULE)
  schedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(INVENTORY_SYNC_JOB);
  }
}
