import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';

import type { CallRecord } from '../../emulator/src/call-log';
import type { RunningEmulator } from '../../emulator/src/emulator';
import type { Seller } from '../../emulator/src/sellers';
import type { Database } from '../../src/database/database.tokens';
import { inboxItems, replyDrafts } from '../../src/database/schema';
import { feedbackAnswer } from '../../src/marketplace/endpoints/feedbacks';
import { auditRecordsOfEntity } from './audit-records';
import { createAccount, createUser, TestUser } from './identity';
import { inboxSynced } from './inbox-items';
import { resourceRoutes } from './resource-routes';
import type { TestApp } from './test-app';
import { until } from './until';

/** An account of an emulator seller with its inbox synced. */
export interface ReplyAccount {
  accountId: string;
  seller: Seller;
  owner: TestUser;
}

export async function replyAccount(t: TestApp, emulator: RunningEmulator, feedbacks = 12, questions = 6): Promise<ReplyAccount> {
  const { seller, token } = emulator.context.sellers.create({ cards: 3, feedbacks, questions });
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  const status = await inboxSynced(t, owner.auth, accountId);
  if (status.state !== 'completed') throw new Error(`inbox sync ended ${status.state}`);
  return { accountId, seller, owner };
}

export type InboxRow = typeof inboxItems.$inferSelect;

/** The account's unanswered items of a kind, oldest first. */
export async function unanswered(db: Database, account: ReplyAccount, kind: 'feedback' | 'question'): Promise<InboxRow[]> {
  const rows = await db
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.mpAccountId, account.accountId), eq(inboxItems.kind, kind)))
    .orderBy(asc(inboxItems.createdAt));
  return rows.filter((row) => row.answerText === null);
}

export interface ScenarioSetup {
  text?: string;
  useLlm?: boolean;
  replyMode?: 'manual' | 'auto';
  kind?: 'feedbacks' | 'questions' | 'both';
  priority?: number;
}

/** A template and a scenario of the account that answers every item of the kind with it, made through the API. */
export async function replyScenario(
  t: TestApp,
  owner: TestUser,
  mpAccountId: string,
  setup: ScenarioSetup = {},
): Promise<{ scenarioId: string; templateId: string }> {
  const templates = resourceRoutes(
    () => t,
    '/autoreply/templates',
    () => owner,
  );
  const scenarios = resourceRoutes(
    () => t,
    '/autoreply/scenarios',
    () => owner,
  );
  const template = await templates.created({
    mpAccountId,
    name: 'Шаблон',
    type: 'both',
    text: setup.text ?? 'Спасибо за {{ kind }} о товаре {{productName}}!',
  });
  const scenario = await scenarios.created({
    mpAccountId,
    kind: setup.kind ?? 'both',
    priority: setup.priority ?? 100,
    templateId: template.id,
    useLlm: setup.useLlm ?? false,
    replyMode: setup.replyMode ?? 'manual',
  });
  return { scenarioId: scenario.id, templateId: template.id };
}

/** The draft of an item once the publishing queue has finished with it (sent or error). */
export async function settledDraft(db: Database, inboxItemId: string, timeoutMs = 30_000) {
  const draft = await until(
    async () => (await db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, inboxItemId)))[0],
    (draft) => draft?.status === 'sent' || draft?.status === 'error',
    timeoutMs,
  );
  // The publisher audits the outcome just after it marks the draft: a settled draft is one whose outcome is audited too.
  await until(
    () => auditRecordsOfEntity(db, 'autoreply.send', draft.id),
    (records) => records.some((record) => (record.details as { outcome?: string }).outcome === draft.status),
    timeoutMs,
  );
  return draft;
}

/** A reply route (generate, send) for an item of the account, as its owner; `fields` go into the body too (an edited text). */
export function replyRoute(t: TestApp, account: ReplyAccount, url: string, feedbackId: string, fields: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url,
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, feedbackId, ...fields },
  });
}

/** The feedback answer calls the emulator received for the account's seller. */
export function feedbackAnswerCalls(emulator: RunningEmulator, account: ReplyAccount): CallRecord[] {
  return emulator.context.calls.list({ sellerId: account.seller.id, scope: 'feedbacks', path: feedbackAnswer.path });
}

/** The item as the account's inbox lists it. */
export async function inboxEntry(t: TestApp, account: ReplyAccount, feedbackId: string) {
  const response = await t.request({
    method: 'GET',
    url: `/autoreply/inbox?mpAccountId=${account.accountId}&limit=100`,
    headers: account.owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((item: { feedbackId: string }) => item.feedbackId === feedbackId);
}
