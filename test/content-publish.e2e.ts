import { afterEach, describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { cardsUpdate, cardUpdateOf } from '../src/marketplace/endpoints/content';
import { auditRecordsOfEntity } from './support/audit-records';
import { ContentAccount, contentAccount, generated } from './support/content-setup';
import { expectErrorEnvelope } from './support/envelope';
import { ARRIVAL_JITTER_MS, callsOf, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// The card and the error list are read at once after the send.
/** The rate windows of the client and the emulator, scaled alike so that thirty updates take seconds, not minutes. */
const WINDOW_PERCENT = 10;

emulatedServiceForFile((service) => ({ emulator, t, db } = service), {
  CONTENT_VERIFY_DELAY_MS: '0',
  MP_API_RATE_WINDOW_PERCENT: String(WINDOW_PERCENT),
});

afterEach(() => {
  emulator.context.llm.reset();
  emulator.context.limits.enabled = false;
  emulator.context.limits.timeScale = WINDOW_PERCENT / 100;
});

const draftOf = async (account: ContentAccount, id: string) =>
  (await t.request({ method: 'GET', url: `/content/drafts/${id}`, headers: account.owner.auth })).json();
const approve = (account: ContentAccount, id: string) =>
  t.request({ method: 'POST', url: `/content/drafts/${id}/approve`, headers: account.owner.auth });
const settled = (account: ContentAccount, id: string, from: string[] = ['approved', 'publishing']) =>
  until(
    () => draftOf(account, id),
    (draft) => !from.includes(draft.status),
  );
const updateBodies = (account: ContentAccount) =>
  callsOf(emulator, account.seller.id, 'content', cardsUpdate.path).map((call) => call.body as Record<string, unknown>[]);

describe('publish', () => {
  it('the whole card is sent: the draft texts merged, every untouched field as the marketplace had it; then published', async () => {
    const account = await contentAccount(t, db, emulator);
    const [nmId] = account.nmIds;
    const before = cardUpdateOf(account.seller.cards.byNmId(nmId) as Parameters<typeof cardUpdateOf>[0]);
    const draftId = (await generated(t, account, { fields: ['description'] })).result!.drafts[0].draftId;
    const draft = await draftOf(account, draftId);

    const approved = await approve(account, draftId);

    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await settled(account, draftId)).status).toBe('published');
    const [[sent]] = updateBodies(account);
    expect(sent.description).toBe(draft.proposed.description);
    for (const [field, value] of Object.entries(before))
      if (field !== 'description') expect(JSON.stringify(sent[field]), field).toBe(JSON.stringify(value));
    expect(Object.keys(sent).sort()).toEqual(Object.keys(before).sort());
    expect(account.seller.cards.byNmId(nmId)!.description).toBe(draft.proposed.description);
    const [audit] = await auditRecordsOfEntity(db, 'content.publish', draftId);
    expect(audit).toMatchObject({ userId: account.owner.id, mpAccountId: account.accountId });
  });

  it('200 and an error-list entry: rejected_by_mp with the marketplace message', async () => {
    const account = await contentAccount(t, db, emulator);
    const [nmId] = account.nmIds;
    const draftId = (await generated(t, account, { fields: ['title'] })).result!.drafts[0].draftId;
    account.seller.cards.scriptErrors(nmId, ['Недопустимое название']);

    expect((await approve(account, draftId)).statusCode).toBe(200);

    expect(await settled(account, draftId)).toMatchObject({ status: 'rejected_by_mp', mpError: 'Недопустимое название' });
    expect(updateBodies(account)).toHaveLength(1);
  });

  it('a card changed on the marketplace meanwhile: nothing sent, back to draft, and its approve is 409', async () => {
    const account = await contentAccount(t, db, emulator);
    const [nmId] = account.nmIds;
    const draftId = (await generated(t, account)).result!.drafts[0].draftId;
    account.seller.cards.edit(nmId, { title: 'Изменено в кабинете продавца' });

    expect((await approve(account, draftId)).statusCode).toBe(200);

    expect(await settled(account, draftId)).toMatchObject({ status: 'draft', note: 'карточка изменилась на маркетплейсе' });
    expect(updateBodies(account)).toEqual([]);
    expectErrorEnvelope(await approve(account, draftId), 409, 'CONFLICT');
  });

  it('thirty approvals keep to the update rule (burst 5, then 6 s apart): no 429, all published', async () => {
    const account = await contentAccount(t, db, emulator, 30);
    emulator.context.limits.enabled = true;
    const drafts = (await generated(t, account, { nmIds: account.nmIds, fields: ['description'] })).result!.drafts;

    for (const { draftId } of drafts) expect((await approve(account, draftId)).statusCode).toBe(200);

    for (const { draftId } of drafts) expect((await settled(account, draftId)).status).toBe('published');
    const updates = callsOf(emulator, account.seller.id, 'content', cardsUpdate.path);
    expect(updates.map((call) => call.status)).toEqual(Array(30).fill(200));
    expect(callsOf(emulator, account.seller.id).filter((call) => call.status === 429)).toEqual([]);
    expect(updates[29].atMs - updates[0].atMs).toBeGreaterThanOrEqual(25 * 6000 * (WINDOW_PERCENT / 100) - ARRIVAL_JITTER_MS);
  }, 120_000);
});
