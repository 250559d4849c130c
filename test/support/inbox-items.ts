import { expect } from 'vitest';

import type { Database } from '../../src/database/database.tokens';
import { inboxItems } from '../../src/database/schema';
import type { TestApp } from './test-app';
import { until } from './until';

export type InboxItemFields = Partial<Omit<typeof inboxItems.$inferInsert, 'mpAccountId'>>;

let sequence = 0;

/** An inbox item written directly, as a sync would leave it: a 5-star feedback unless `fields` say otherwise. */
export async function insertInboxItem(db: Database, mpAccountId: string, fields: InboxItemFields = {}): Promise<string> {
  sequence += 1;
  const [row] = await db
    .insert(inboxItems)
    .values({
      mpAccountId,
      kind: 'feedback',
      mpId: `test-${process.pid}-${sequence}-${Date.now()}`,
      rating: fields.kind === 'question' ? null : 5,
      text: 'Отличный товар, всё подошло',
      nmId: 100_001,
      productName: 'Футболка',
      brand: 'Бренд',
      supplierArticle: 'ART-1',
      createdAt: new Date(),
      ...fields,
    })
    .returning({ id: inboxItems.id });
  return row.id;
}

/** Syncs an account's inbox through the API and waits for the job to finish; answers its final job status. */
export async function inboxSynced(t: TestApp, auth: Record<string, string>, mpAccountId: string): Promise<JobStatusBody> {
  const started = await t.request({ method: 'POST', url: '/autoreply/sync', headers: auth, payload: { mpAccountId } });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  return until(
    async () => {
      const response = await t.request({ method: 'GET', url: `/autoreply/sync/status/${jobId}`, headers: auth });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<JobStatusBody>();
    },
    (status) => status.state === 'completed' || status.state === 'failed',
    60_000,
  );
}

export interface JobStatusBody {
  jobId: string;
  state: string;
  progress: { phase: string; message: string } | null;
  result: Record<string, unknown> | null;
}
