import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { replyDrafts } from '../../src/database/schema';
import { feedbackAnswer } from '../../src/marketplace/endpoints/feedbacks';
import { dateTime } from '../../src/shared/format';
import { createAccount, createUser } from '../../test/support/identity';
import { insertInboxItem } from '../../test/support/inbox-items';
import { callsOf } from '../../test/support/marketplace';
import { replyScenario } from '../../test/support/reply-setup';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

/** Long enough for the screen to show the held reply and cancel it on a loaded machine; waited out at the end. */
const HOLD_MS = 30_000;

let world: WebWorld;
webWorldForFile((started) => (world = started), { AUTOREPLY_PUBLISH_DELAY_MS: String(HOLD_MS) });

it('an auto scenario’s reply is held, shown with its time of publication counted down, opened in the editor, cancelled from the screen, and never published', async () => {
  const { seller, token } = world.emulator.context.sellers.create({ cards: 3, feedbacks: 4, questions: 0 });
  const owner = await createUser(world.t);
  const accountId = await createAccount(world.t, owner.id, 'Кабинет', token.token);
  await replyScenario(world.t, owner, accountId, { replyMode: 'auto', text: 'Спасибо за {{ kind }}!' });
  const marketplaceItem = seller.feedbacks.items().find((item) => !seller.feedbacks.isAnswered(item))!;
  const feedbackId = await insertInboxItem(world.db, accountId, { mpId: marketplaceItem.id, text: 'Платье село отлично' });
  const { context, page, consoleErrors } = await world.newPage();
  await signIn(page, world.origin, owner.email, owner.password);
  // Steps that do not come name their locator well before the test's own timeout.
  page.setDefaultTimeout(10_000);
  await page.getByRole('link', { name: 'Отзывы и вопросы', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: 'Платье село отлично' });

  await card.getByRole('button', { name: 'Подготовить ответ' }).click();

  await card.getByText(/^Ответ: Будет опубликован автоматически /).waitFor();
  const [held] = await world.db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, feedbackId));
  expect(held).toMatchObject({ status: 'pending', text: 'Спасибо за отзыв!' });
  expect(await card.getByText(/^Ответ: /).textContent()).toBe(`Ответ: Будет опубликован автоматически ${dateTime(held.scheduledAt!)}`);
  expect(await card.getByLabel('Публикуется').count()).toBe(0);
  const countdown = card.getByLabel('До публикации');
  const secondsLeft = async () => Number((await countdown.textContent())!.match(/^До публикации: (\d+) с$/)![1]);
  const first = await secondsLeft();
  expect(first).toBeLessThanOrEqual(HOLD_MS / 1000);
  await expect.poll(secondsLeft, { timeout: 5_000 }).toBeLessThan(first);

  await card.getByRole('button', { name: 'Изменить' }).click();
  expect(await card.getByLabel('Текст ответа').inputValue()).toBe('Спасибо за отзыв!');
  await card.getByText('Проверка перед публикацией пройдена').waitFor();
  await page.screenshot({ path: join(SCREENSHOTS, 'inbox-held.png'), fullPage: true });
  await card.getByRole('button', { name: 'Закрыть редактор' }).click();
  await card.getByLabel('Текст ответа').waitFor({ state: 'detached' });

  await card.getByRole('button', { name: 'Отменить' }).click();

  await card.getByText('Ответ: Черновик: ещё не отправлен').waitFor();
  expect(await card.getByLabel('Текст ответа').inputValue()).toBe('Спасибо за отзыв!');
  expect(await card.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
  const [cancelled] = await world.db.select().from(replyDrafts).where(eq(replyDrafts.id, held.id));
  expect(cancelled).toMatchObject({ status: 'draft', scheduledAt: null });

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, held.scheduledAt!.getTime() + 2000 - Date.now())));
  expect(callsOf(world.emulator, seller.id, 'feedbacks', feedbackAnswer.path)).toEqual([]);
  expect((await world.db.select().from(replyDrafts).where(eq(replyDrafts.id, held.id)))[0]).toMatchObject({
    status: 'draft',
    sentAt: null,
  });
  await page.reload();
  await page.getByRole('article').filter({ hasText: 'Платье село отлично' }).getByText('Ответ: Черновик: ещё не отправлен').waitFor();
  expect(consoleErrors).toEqual([]);
  await context.close();
}, 150_000);
