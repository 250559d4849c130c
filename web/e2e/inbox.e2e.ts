import { join } from 'node:path';

import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { inboxItems, replyDrafts } from '../../src/database/schema';
import { feedbackAnswer } from '../../src/marketplace/endpoints/feedbacks';
import { createAccount, createUser } from '../../test/support/identity';
import { insertInboxItem } from '../../test/support/inbox-items';
import { callsOf } from '../../test/support/marketplace';
import { replyScenario } from '../../test/support/reply-setup';
import { resourceRoutes } from '../../test/support/resource-routes';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

/** A new tab whose steps that do not come name their locator well before the test's own timeout. */
async function watchedPage() {
  const opened = await world.newPage();
  opened.page.setDefaultTimeout(10_000);
  return opened;
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

describe('inbox, templates and scenarios screens in a browser', () => {
  it('syncs the inbox, prepares a reply from a template, sees the check block a phone number, sends the fixed reply once', async () => {
    const { seller, token } = world.emulator.context.sellers.create({ cards: 3, feedbacks: 4, questions: 2 });
    const owner = await createUser(world.t);
    const accountId = await createAccount(world.t, owner.id, 'Кабинет', token.token);
    await replyScenario(world.t, owner, accountId, { kind: 'feedbacks' });
    const { context, page, consoleErrors } = await watchedPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await page.getByRole('link', { name: 'Отзывы и вопросы', exact: true }).click();
    await page.getByText('Отзывов и вопросов пока нет. Нажмите «Синхронизировать», чтобы загрузить их с маркетплейса.').waitFor();

    await page.getByRole('button', { name: 'Синхронизировать' }).click();
    await page.getByRole('article').first().waitFor({ timeout: 20_000 });
    const count = (kind?: 'feedback') =>
      world.db.$count(inboxItems, and(eq(inboxItems.mpAccountId, accountId), kind && eq(inboxItems.kind, kind)));
    await tab(page, new RegExp(`^Ждут ответа \\(${await count()}\\)$`)).waitFor();
    await page.getByRole('combobox', { name: 'Тип' }).click();
    await page.getByRole('option', { name: 'Отзывы' }).click();
    const feedbacks = await count('feedback');
    await tab(page, new RegExp(`^Ждут ответа \\(${feedbacks}\\)$`)).waitFor();
    // Buyers' texts and products repeat, so the newest feedback is known by its place: the list shows the newest first.
    const card = page.getByRole('article').first();

    await card.getByRole('button', { name: 'Подготовить ответ' }).click();
    await card.getByText('Источник: шаблон').waitFor();
    await card.getByText(/^Сценарий: приоритет 100, Отзывы, шаблон «Шаблон», отправка вручную$/).waitFor();
    const text = card.getByLabel('Текст ответа');
    const prepared = await text.inputValue();
    expect(prepared).toMatch(/^Спасибо за отзыв о товаре \S.*!$/);
    await card.getByText('Проверка перед публикацией пройдена').waitFor();

    await text.fill(`${prepared} Звоните 8 (916) 123-45-67`);
    await card.getByText('В ответе номер телефона').waitFor();
    expect(await card.getByRole('button', { name: 'Отправить' }).isDisabled()).toBe(true);
    const fixed = `${prepared} Будем рады видеть вас снова.`;
    await text.fill(fixed);
    await card.getByText('Проверка перед публикацией пройдена').waitFor();
    await card.getByRole('button', { name: 'Отправить' }).click();

    await tab(page, new RegExp(`^Ждут ответа \\(${feedbacks - 1}\\)$`)).waitFor();
    await tab(page, /^Отвечены \(1\)$/).click();
    const answered = page.getByRole('article').filter({ hasText: 'Ответ: Опубликован' });
    await answered.waitFor();
    expect(await answered.count()).toBe(1);
    expect(await answered.textContent()).toContain(fixed);
    expect(callsOf(world.emulator, seller.id, 'feedbacks', feedbackAnswer.path)).toHaveLength(1);
    const [published] = await world.db.select().from(replyDrafts).where(eq(replyDrafts.status, 'sent'));
    expect(published).toMatchObject({ text: fixed, source: 'manual', publishedSource: 'manual' });
    await page.screenshot({ path: join(SCREENSHOTS, 'inbox.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('edits a template with placeholder chips and a preview, creates a scenario with priority 100 sending at once, reorders and matches', async () => {
    const owner = await createUser(world.t);
    const accountId = await createAccount(world.t, owner.id);
    const older = await replyScenario(world.t, owner, accountId, { text: 'Благодарим за {{ kind }}' });
    const item = { text: 'Платье село отлично', rating: 4, productName: 'Платье летнее' };
    await insertInboxItem(world.db, accountId, item);
    const listed = async (path: string): Promise<{ id: string; priority?: number; text?: string }[]> => {
      const response = await resourceRoutes(
        () => world.t,
        path,
        () => owner,
      ).list(`mpAccountId=${accountId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items;
    };
    const { context, page, consoleErrors } = await watchedPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await page.getByRole('link', { name: 'Шаблоны и сценарии', exact: true }).click();

    await page.getByRole('button', { name: 'Новый шаблон' }).click();
    await page.getByLabel('Название шаблона').fill('Благодарность');
    const text = page.getByLabel('Текст шаблона');
    await text.fill('Спасибо за оценку ');
    await page.getByRole('group', { name: 'Плейсхолдеры' }).getByRole('button', { name: 'Оценка' }).click();
    await text.press('End');
    await text.pressSequentially(' и скидку {{ discount }} на ');
    await page.getByRole('group', { name: 'Плейсхолдеры' }).getByRole('button', { name: 'Название товара' }).click();
    // The chips put their Russian tokens in the text, which the editor draws as chips.
    expect(await text.inputValue()).toBe('Спасибо за оценку [Оценка] и скидку {{ discount }} на [Название товара]');
    expect(await page.getByTestId('template-tokens').locator('[data-token]').allTextContents()).toEqual(['[Оценка]', '[Название товара]']);
    await page.getByText('Неизвестные плейсхолдеры: сервис не сохранит такой шаблон').waitFor();
    await page.getByRole('button', { name: 'Создать шаблон' }).click();
    expect(await listed('/autoreply/templates')).toHaveLength(1);

    await text.fill('Спасибо за оценку {{ rating }} товару {{ productName }}');
    await page.getByText('Неизвестные плейсхолдеры').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Предпросмотр ответа').textContent()).toBe(`Спасибо за оценку ${item.rating} товару ${item.productName}`);
    await page.getByRole('button', { name: 'Создать шаблон' }).click();
    await page.getByRole('table', { name: 'Шаблоны' }).getByText('Благодарность').waitFor();
    expect((await listed('/autoreply/templates')).find((template) => template.id !== older.templateId)).toMatchObject({
      text: 'Спасибо за оценку {{ rating }} товару {{ productName }}',
    });
    await page.getByRole('button', { name: 'Изменить шаблон Благодарность' }).click();
    expect(await text.inputValue()).toBe('Спасибо за оценку [Оценка] товару [Название товара]');
    await text.fill('Спасибо за [Оценка] звёзд, [Бренд] благодарит');
    await page.screenshot({ path: join(SCREENSHOTS, 'template-editor.png'), fullPage: true });
    await page.getByRole('button', { name: 'Сохранить шаблон' }).click();
    await page.getByRole('table', { name: 'Шаблоны' }).getByText('Спасибо за [Оценка] звёзд, [Бренд] благодарит').waitFor();
    expect((await listed('/autoreply/templates')).find((template) => template.id !== older.templateId)).toMatchObject({
      text: 'Спасибо за {{ rating }} звёзд, {{ brand }} благодарит',
    });

    await page.getByRole('button', { name: 'Новый сценарий' }).click();
    await page.getByRole('combobox', { name: 'Шаблон ответа' }).click();
    await page.getByRole('option', { name: 'Благодарность' }).click();
    await page.getByRole('button', { name: 'Создать сценарий' }).click();
    const rows = page.getByRole('table', { name: 'Сценарии' }).getByRole('row');
    await expect
      .poll(async () => (await rows.allTextContents()).slice(1))
      .toEqual([
        '↑↓100Отзывы и вопросыШаблоннетвручнуювключёнИзменитьУдалить',
        '↑↓100Отзывы и вопросыБлагодарностьнетавтоматически, после задержкивключёнИзменитьУдалить',
      ]);
    const created = (await listed('/autoreply/scenarios')).find((scenario) => scenario.id !== older.scenarioId)!;
    expect(created).toMatchObject({ priority: 100, replyMode: 'auto', useLlm: false, isActive: true, kind: 'both' });

    await page.getByRole('button', { name: 'Выше: сценарий 2' }).click();
    await expect
      .poll(async () => (await rows.allTextContents()).slice(1))
      .toEqual([
        '↑↓10Отзывы и вопросыБлагодарностьнетавтоматически, после задержкивключёнИзменитьУдалить',
        '↑↓20Отзывы и вопросыШаблоннетвручнуювключёнИзменитьУдалить',
      ]);
    const byId = Object.fromEntries((await listed('/autoreply/scenarios')).map((scenario) => [scenario.id, scenario.priority]));
    expect(byId).toEqual({ [created.id]: 10, [older.scenarioId]: 20 });
    await page.screenshot({ path: join(SCREENSHOTS, 'templates.png'), fullPage: true });

    await page.getByRole('link', { name: 'Отзывы и вопросы', exact: true }).click();
    const card = page.getByRole('article').filter({ hasText: item.text }).first();
    await card.getByRole('button', { name: 'Какой сценарий ответит' }).click();
    await card
      .getByText('Ответит сценарий: приоритет 10, Отзывы и вопросы, шаблон «Благодарность», отправка автоматически, после задержки')
      .waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
