import { join } from 'node:path';

import { expect, it } from 'vitest';

import { createAccount, createUser, TestUser } from '../../test/support/identity';
import { insertInboxItem } from '../../test/support/inbox-items';
import { replyScenario } from '../../test/support/reply-setup';
import { resourceRoutes } from '../../test/support/resource-routes';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

const routes = (path: string, owner: TestUser) =>
  resourceRoutes(
    () => world.t,
    path,
    () => owner,
  );

/** The account's scenarios as the API lists them, oldest first. */
async function scenariosOf(owner: TestUser, accountId: string) {
  const response = await routes('/autoreply/scenarios', owner).list(`mpAccountId=${accountId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Record<string, unknown>[];
}

/** A new tab whose steps that do not come name their locator well before the test's own timeout, signed in as `owner`. */
async function signedIn(owner: TestUser) {
  const opened = await world.newPage();
  opened.page.setDefaultTimeout(10_000);
  await signIn(opened.page, world.origin, owner.email, owner.password);
  return opened;
}

it('an item no scenario fits links to a new scenario for its kind and rating, which then answers it after the hold', async () => {
  const owner = await createUser(world.t);
  const accountId = await createAccount(world.t, owner.id);
  const template = await routes('/autoreply/templates', owner).created({
    mpAccountId: accountId,
    name: 'Извинение',
    type: 'feedbacks',
    text: 'Жаль, что {{ productName }} не подошёл',
  });
  await insertInboxItem(world.db, accountId, { rating: 2, text: 'Маломерит на размер', productName: 'Куртка' });
  const { context, page, consoleErrors } = await signedIn(owner);
  await page.getByRole('link', { name: 'Отзывы и вопросы', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: 'Маломерит на размер' });

  await card.getByRole('button', { name: 'Подготовить ответ' }).click();

  const notice = card.getByRole('alert').filter({ hasText: 'Ни один сценарий не подходит' });
  await notice.waitFor();
  expect(await notice.textContent()).toContain('Создайте сценарий, который отвечает отзывам с оценкой 2, на экране «Шаблоны и сценарии».');
  await notice.getByRole('link', { name: '«Шаблоны и сценарии»' }).click();

  await page.getByText('Сценарий, созданный здесь, отвечает автоматически').waitFor();
  expect(await page.getByText(/ставится в очередь на публикацию без вашего участия/).textContent()).toContain(
    'Перед публикацией ответ выжидает задержку: до неё его можно отменить или изменить во входящих',
  );
  expect(await page.getByRole('combobox', { name: 'Отвечает на' }).inputValue()).toBe('Отзывы');
  expect(await page.getByRole('combobox', { name: 'Шаблон ответа' }).inputValue()).toBe('Извинение');
  expect(await page.getByRole('combobox', { name: 'Оценка от' }).inputValue()).toBe('2');
  expect(await page.getByRole('combobox', { name: 'Оценка до' }).inputValue()).toBe('2');
  await page.screenshot({ path: join(SCREENSHOTS, 'scenario-from-inbox.png'), fullPage: true });
  await page.getByRole('button', { name: 'Создать сценарий' }).click();
  await page.getByRole('table', { name: 'Сценарии' }).getByText('Отзывы, оценка 2').waitFor();
  expect(await scenariosOf(owner, accountId)).toMatchObject([
    { kind: 'feedbacks', ratingMin: 2, ratingMax: 2, templateId: template.id, replyMode: 'auto', priority: 100, isActive: true },
  ]);

  await page.getByRole('link', { name: 'Отзывы и вопросы', exact: true }).click();
  await card.getByRole('button', { name: 'Подготовить ответ' }).click();
  await card.getByText(/^Ответ: Будет опубликован автоматически /).waitFor();
  await card.getByText(/^До публикации: 1[45] мин \d\d с$/).waitFor();
  // The browser reports the refused preparation (no scenario) as a failed request.
  expect(consoleErrors).toEqual([expect.stringContaining('404')]);
  await context.close();
}, 60_000);

it('the scenario form keeps its only template; scenarios are switched off and on, changed and deleted; a template is deleted', async () => {
  const owner = await createUser(world.t);
  const accountId = await createAccount(world.t, owner.id);
  const older = await replyScenario(world.t, owner, accountId);
  const { context, page, consoleErrors } = await signedIn(owner);
  await page.getByRole('link', { name: 'Шаблоны и сценарии', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Сценарии' }).getByRole('row');
  await rows.nth(1).waitFor();

  await page.getByRole('button', { name: 'Новый сценарий' }).click();
  const templateField = page.getByRole('combobox', { name: 'Шаблон ответа' });
  expect(await templateField.inputValue()).toBe('Шаблон');
  // Picking the selected template again leaves it selected.
  await templateField.click();
  await page.getByRole('option', { name: 'Шаблон' }).click();
  expect(await templateField.inputValue()).toBe('Шаблон');
  await page.getByRole('button', { name: 'Создать сценарий' }).click();
  await rows.nth(2).waitFor();
  const [, created] = await scenariosOf(owner, accountId);
  expect(created).toMatchObject({ templateId: older.templateId, replyMode: 'auto' });
  expect((await rows.allTextContents()).slice(1)).toEqual([
    '↑↓100Отзывы и вопросыШаблоннетвручнуювключёнИзменитьУдалить',
    '↑↓100Отзывы и вопросыШаблоннетавтоматически, после задержкивключёнИзменитьУдалить',
  ]);

  await page.getByRole('switch', { name: 'Сценарий 1 включён' }).click();
  await rows.nth(1).getByText('выключен').waitFor();
  expect((await scenariosOf(owner, accountId)).map((scenario) => scenario.isActive)).toEqual([false, true]);
  await page.getByRole('switch', { name: 'Сценарий 1 включён' }).click();
  await rows.nth(1).getByText('включён').waitFor();
  expect((await scenariosOf(owner, accountId)).map((scenario) => scenario.isActive)).toEqual([true, true]);

  await page.getByRole('button', { name: 'Изменить сценарий 2' }).click();
  await page.getByText('Этот сценарий отвечает автоматически').waitFor();
  await page.getByLabel('Бренд', { exact: true }).fill('Лето');
  await page.getByRole('button', { name: 'Сохранить сценарий' }).click();
  await rows.nth(2).getByText('Отзывы и вопросы, бренд Лето').waitFor();
  expect((await scenariosOf(owner, accountId))[1]).toMatchObject({ id: created.id, brand: 'Лето', templateId: older.templateId });

  await page.getByRole('button', { name: 'Удалить сценарий 1' }).click();
  await page.getByRole('button', { name: 'Подтвердить удаление сценария 1' }).click();
  await expect.poll(async () => (await rows.allTextContents()).length).toBe(2);
  expect((await scenariosOf(owner, accountId)).map((scenario) => scenario.id)).toEqual([created.id]);

  await page.getByRole('button', { name: 'Удалить шаблон Шаблон' }).click();
  await page.getByRole('button', { name: 'Подтвердить удаление шаблона Шаблон' }).click();
  await page.getByText('Шаблонов пока нет').waitFor();
  await rows.nth(1).getByText('шаблон удалён').waitFor();
  expect((await routes('/autoreply/templates', owner).get(older.templateId)).statusCode).toBe(404);

  await page.getByRole('button', { name: 'Изменить сценарий 1' }).click();
  expect(await templateField.inputValue()).toBe('');
  expect(await templateField.getAttribute('placeholder')).toBe('Сначала создайте шаблон');
  await page.screenshot({ path: join(SCREENSHOTS, 'scenarios.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
  await context.close();
}, 60_000);
