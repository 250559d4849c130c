import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createAccount, createBrand, createUser, TestUser } from '../../test/support/identity';
import { signIn } from '../../test/support/web-sign-in';
import { choose, selectInput } from './support/mantine-select';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

async function signedInPage(user: TestUser): Promise<Page> {
  const { page } = await world.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, world.origin, user.email, user.password);
  return page;
}

const SELLER_NAVIGATION = [
  'Сводка',
  'Кабинеты',
  'Каталог',
  'Цены',
  'Репрайсер',
  'Отзывы и вопросы',
  'Шаблоны и сценарии',
  'Жалобы',
  'Контент',
  'База знаний',
  'Импорт',
  'Остатки',
  'Поставки',
  'Финансы',
  'Реклама',
  'A/B-тесты',
  'РнП',
  'Профиль',
];

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Разделы' });

async function navigationAfterReload(page: Page): Promise<string[]> {
  await page.reload();
  await page.getByRole('heading', { name: 'Сводка' }).waitFor();
  await navigation(page).getByRole('link', { name: 'Профиль' }).waitFor();
  return navigation(page).getByRole('link').allTextContents();
}

async function changeRole(admin: Page, user: TestUser, roleLabel: string): Promise<void> {
  await choose(admin, `Роль: ${user.email}`, roleLabel);
  await admin
    .getByRole('status')
    .filter({ hasText: `Роль изменена: Test seller — ${roleLabel}` })
    .waitFor();
}

describe('admin screens in a browser', () => {
  it("changes a user's role: the user's admin navigation appears after a refresh and goes after the role is taken back; the audit log filtered by action and user shows both changes", async () => {
    const adminUser = await createUser(world.t, 'admin');
    const seller = await createUser(world.t);
    const sellerPage = await signedInPage(seller);
    expect(await navigationAfterReload(sellerPage)).toEqual(SELLER_NAVIGATION);

    const admin = await signedInPage(adminUser);
    // The navigation stays inside the loaded app: a mark left on the window survives it.
    await admin.evaluate('window.notReloaded = true');
    await navigation(admin).getByRole('link', { name: 'Пользователи' }).click();
    await admin.getByLabel('Поиск').fill(seller.email);
    expect(await admin.evaluate('window.notReloaded')).toBe(true);
    await admin.getByRole('cell', { name: seller.email, exact: true }).waitFor();
    await changeRole(admin, seller, 'Администратор');
    expect(await selectInput(admin, `Роль: ${seller.email}`).inputValue()).toBe('Администратор');
    expect(await navigationAfterReload(sellerPage)).toEqual([...SELLER_NAVIGATION, 'Пользователи', 'Доступ к брендам', 'Журнал действий']);

    await changeRole(admin, seller, 'Продавец');
    expect(await navigationAfterReload(sellerPage)).toEqual(SELLER_NAVIGATION);

    await navigation(admin).getByRole('link', { name: 'Журнал действий' }).click();
    await choose(admin, 'Действие', 'Смена роли');
    await choose(admin, 'Пользователь', `Test admin (${adminUser.email})`);
    await admin.getByText('Записей: 2').waitFor();
    const rows = admin.getByRole('table', { name: 'Записи журнала' }).getByRole('row');
    const texts = await rows.allTextContents();
    expect(texts.slice(1).map((text) => text.includes(`Test seller (${seller.email})`))).toEqual([true, true]);
    expect(texts[1]).toContain('Администратор → Продавец');
    expect(texts[2]).toContain('Продавец → Администратор');
    await admin.screenshot({ path: join(SCREENSHOTS, 'admin.png'), fullPage: true });
    await admin.context().close();
    await sellerPage.context().close();
  });

  it('an admin address opened by a seller says «Нет доступа», an unknown one «Страница не найдена», each with the way back to the summary', async () => {
    const seller = await createUser(world.t);
    const page = await signedInPage(seller);
    for (const [address, title] of [
      ['/app/admin/users', 'Нет доступа'],
      ['/app/no-such-screen', 'Страница не найдена'],
    ]) {
      await page.goto(`${world.origin}${address}`);
      await page.getByRole('heading', { name: title }).waitFor();
      // Nothing else is shown under the wrong address, and no section is marked as open.
      expect(await page.getByRole('heading', { name: 'Сводка' }).count()).toBe(0);
      expect(page.url()).toBe(`${world.origin}${address}`);
      await page.getByRole('link', { name: 'Перейти к сводке' }).click();
      await page.getByRole('heading', { name: 'Сводка' }).waitFor();
      expect(page.url()).toBe(`${world.origin}/app/dashboard`);
    }
    await page.context().close();
  });

  it("grants a manager a brand of a seller's cabinet: the grant shows in the list, and a revoke removes it", async () => {
    const adminUser = await createUser(world.t, 'admin');
    const manager = await createUser(world.t, 'manager');
    const seller = await createUser(world.t);
    const accountName = `Кабинет ${seller.email}`;
    const accountId = await createAccount(world.t, seller.id, accountName);
    await createBrand(world.t, accountId, 'Северный ветер');
    await createBrand(world.t, accountId, 'Южный берег');

    const admin = await signedInPage(adminUser);
    await navigation(admin).getByRole('link', { name: 'Доступ к брендам' }).click();
    // The three fields are required: their labels carry the asterisk.
    await choose(admin, 'Менеджер *', `Test manager (${manager.email})`);
    await choose(admin, 'Кабинет *', accountName);
    await choose(admin, 'Бренд *', 'Южный берег');
    await admin.getByRole('button', { name: 'Открыть доступ' }).click();
    await admin.getByText('Доступ открыт: Южный берег').waitFor();
    const grant = admin.getByRole('row').filter({ hasText: manager.email });
    await grant.waitFor();
    expect(await grant.textContent()).toContain(`${accountName}Южный берег`);
    await admin.screenshot({ path: join(SCREENSHOTS, 'admin-brand-access.png'), fullPage: true });

    await admin.getByRole('button', { name: `Отозвать доступ к бренду Южный берег: Test manager (${manager.email})` }).click();
    await grant.waitFor({ state: 'detached' });
    await admin.context().close();
  });
});
