import { and, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';

import type { RunningEmulator } from '../../emulator/src/emulator';
import type { Seller } from '../../emulator/src/sellers';
import type { Database } from '../../src/database/database.tokens';
import { contentDrafts, products } from '../../src/database/schema';
import { DEFAULT_DESCRIPTION_BOUNDS } from '../../src/modules/content/content-score';
import { createAccount, createUser, TestUser } from './identity';
import { sellerNmIds } from './pricing-catalog';
import type { TestApp } from './test-app';
import { until } from './until';

/** An account of an emulator seller with its catalog synced, so that its cards carry their texts. */
export interface ContentAccount {
  accountId: string;
  seller: Seller;
  owner: TestUser;
  nmIds: number[];
}

export async function contentAccount(t: TestApp, db: Database, emulator: RunningEmulator, cards = 3): Promise<ContentAccount> {
  const { seller, token } = emulator.context.sellers.create({ cards });
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  const started = await t.request({ method: 'POST', url: '/catalog/sync', headers: owner.auth, payload: { mpAccountId: accountId } });
  expect(started.statusCode, started.body).toBe(202);
  await until(
    () =>
      db
        .select()
        .from(products)
        .where(and(eq(products.mpAccountId, accountId), isNotNull(products.description))),
    (rows) => rows.length === cards,
    30_000,
  );
  return { accountId, seller, owner, nmIds: sellerNmIds(seller.catalog.nmIdBase, cards) };
}

export interface ContentJobBody {
  jobId: string;
  state: string;
  errorCode: string | null;
  failedReason: string | null;
  result: { drafts: { nmId: number; draftId: string }[]; missing: number[] } | null;
}

/** Starts a generation through the API and waits for its job to end. */
export async function generated(t: TestApp, account: ContentAccount, payload: Record<string, unknown> = {}): Promise<ContentJobBody> {
  const started = await t.request({
    method: 'POST',
    url: '/content/generate',
    headers: account.owner.auth,
    payload: {
      mpAccountId: account.accountId,
      nmIds: account.nmIds.slice(0, 1),
      fields: ['title', 'description', 'characteristics'],
      ...payload,
    },
  });
  expect(started.statusCode, started.body).toBe(202);
  return jobEnded(t, account, started.json().jobId);
}

export function jobEnded(t: TestApp, account: ContentAccount, jobId: string): Promise<ContentJobBody> {
  return until(
    async () => (await t.request({ method: 'GET', url: `/content/jobs/${jobId}`, headers: account.owner.auth })).json<ContentJobBody>(),
    (job) => job.state === 'completed' || job.state === 'failed',
    30_000,
  );
}

/** A draft of a card written straight to the database, for routes that need one where no worker runs the generation. */
export async function insertContentDraft(db: Database, mpAccountId: string, nmId: number): Promise<string> {
  const texts = { title: 'Товар', description: 'Описание товара', characteristics: [] };
  const [row] = await db
    .insert(contentDrafts)
    .values({
      mpAccountId,
      nmId,
      baseHash: '0'.repeat(64),
      current: texts,
      proposed: { ...texts, title: 'Товар с новым названием' },
      scoreBefore: 20,
      scoreAfter: 30,
      scoreContext: { competitorBrands: [], factTexts: [], descriptionBounds: DEFAULT_DESCRIPTION_BOUNDS, subjectCharcs: [] },
    })
    .returning({ id: contentDrafts.id });
  return row.id;
}
