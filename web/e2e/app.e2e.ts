import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { cardAt } from '../../emulator/src/generator/catalog';
import { createAccount, createUser, uniqueEmail } from '../../test/support/identity';
import { emulatedAccount } from '../../test/support/marketplace';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

/** Short-lived access tokens, so that one can expire in the middle of a test; the app renews them at half their life. */
const ACCESS_TTL_SECONDS = 4;

let world: WebWorld;
webWorldForFile((started) => (world = started), { JWT_ACCESS_TTL: `${ACCESS_TTL_SECONDS}s` });

const switcher = (page: Page) => page.locator('input[aria-label="Кабинет"]');

async function switcherOptions(page: Page): Promise<string[]> {
  await switcher(page).click();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

describe('web app in a browser', () => {
  it('registers, connects a cabinet with its marketplace key, checks the key and sees the cabinet in the switcher', async () => {
    const { token } = world.emulator.context.sellers.create({ cards: 5 });
    const { context, page } = await world.newPage();
    await page.goto(`${world.origin}/`);
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.getByLabel('Имя').fill('Анна Продавец');
    await page.getByLabel('Электронная почта').fill(uniqueEmail('web'));
    await page.getByLabel('Пароль').fill('Secret-pass-1');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Кабинетов пока нет').waitFor();

    await page.getByLabel('Название').fill('Основной кабинет');
    await page.getByLabel('Ключ API маркетплейса').fill(token.token);
    await page.getByRole('button', { name: 'Подключить' }).click();
    const card = page.getByRole('region', { name: 'Кабинет Основной кабинет' });
    await card.waitFor();
    expect(await card.textContent()).toContain(`••••${token.token.slice(-4)}`);
    expect(await page.getByLabel('Ключ API маркетплейса').inputValue()).toBe('');
    expect(await page.content()).not.toContain(token.token);

    await card.getByRole('button', { name: 'Проверить ключ' }).click();
    await card.getByText('Ключ действителен').waitFor();
    expect(await switcherOptions(page)).toEqual(['Основной кабинет']);
    expect(await switcher(page).inputValue()).toBe('Основной кабинет');
    await page.screenshot({ path: join(SCREENSHOTS, 'accounts.png'), fullPage: true });
    await context.close();
  });

  it('renews the session once when the API answers 401 in the middle of it, and the action goes through', async () => {
    const user = await createUser(world.t);
    const { context, page } = await world.newPage();
    await page.clock.install();
    await signIn(page, world.origin, user.email, user.password);
    await page.getByRole('link', { name: 'Профиль', exact: true }).click();
    await page.getByLabel('Имя').waitFor();

    // The tab sleeps (its timers stop, the renewal timer included) while the access token expires on the server.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL_SECONDS + 1) * 1000));
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.method()} ${new URL(request.url()).pathname}`));
    const answers: number[] = [];
    page.on(
      'response',
      (response) => response.url().endsWith('/auth/me') && response.request().method() === 'PATCH' && answers.push(response.status()),
    );

    await page.getByLabel('Имя').fill('Новое имя');
    const saved = page.waitForResponse((response) => response.url().endsWith('/auth/me') && response.status() === 200);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await saved;
    await page.clock.resume();
    await page.getByText('Имя сохранено').waitFor();
    expect(answers).toEqual([401, 200]);
    expect(sent.filter((line) => line === 'POST /auth/refresh')).toHaveLength(1);
    await page.getByRole('button', { name: 'Новое имя' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'profile.png'), fullPage: true });
    await context.close();
  });

  it("never shows another seller's cabinet in the switcher, even when that cabinet was the last one chosen in this browser", async () => {
    const seller = await createUser(world.t);
    const other = await createUser(world.t);
    await createAccount(world.t, seller.id, 'Мой кабинет');
    const foreign = await createAccount(world.t, other.id, 'Чужой кабинет');
    const { context, page } = await world.newPage();
    await page.goto(`${world.origin}/app`);
    await page.evaluate(`localStorage.setItem('seller-ops.account', ${JSON.stringify(foreign)})`);
    await signIn(page, world.origin, seller.email, seller.password);
    await page.getByRole('link', { name: 'Кабинеты', exact: true }).click();
    await page.getByRole('region', { name: 'Кабинет Мой кабинет' }).waitFor();
    expect(await switcherOptions(page)).toEqual(['Мой кабинет']);
    expect(await switcher(page).inputValue()).toBe('Мой кабинет');
    expect(await page.getByText('Чужой кабинет').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'switcher.png'), fullPage: true });
    await context.close();
  });

  it('syncs the catalog and lists its products with their photos, then finds a product by the nmID typed into the search box', async () => {
    const { owner, sellerId } = await emulatedAccount(world.t, world.emulator, { cards: 12 });
    const catalog = world.emulator.context.sellers.get(sellerId)!.catalog;
    const withPhotos = Array.from({ length: 12 }, (_, index) => cardAt(catalog, index)).filter((card) => card.photos.length > 0);
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await page.getByRole('link', { name: 'Каталог', exact: true }).click();
    await page.getByText('Последняя синхронизация цен: ещё не было').waitFor();
    await page.getByRole('button', { name: 'Синхронизировать' }).click();
    await page.getByText('Найдено: 12').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('row').count()).toBe(13);
    // The emulator serves the photos from its own origin, which the page's policy allows: every one is shown.
    const shownPhotos = () =>
      page
        .locator('tbody img')
        .evaluateAll(
          (images) =>
            (images as unknown as { complete: boolean; naturalWidth: number }[]).filter((image) => image.complete && image.naturalWidth > 0)
              .length,
        );
    await expect.poll(shownPhotos).toBe(withPhotos.length);
    expect(consoleErrors).toEqual([]);

    const article = (await page.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())!;
    const nmId = article.split(' · ')[1];
    const searches: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/catalog/products') && searches.push(new URL(request.url()).searchParams.get('q') ?? ''),
    );
    await page.getByLabel('Поиск').pressSequentially(nmId, { delay: 20 });
    await page.getByText('Найдено: 1', { exact: true }).waitFor();
    // Debounced: the requests are for what was typed so far, ending with the whole nmID (their number depends on pauses).
    expect(searches.at(-1)).toBe(nmId);
    expect(searches.every((q) => nmId.startsWith(q))).toBe(true);
    expect(await page.getByRole('row').nth(1).textContent()).toContain(nmId);
    await page.screenshot({ path: join(SCREENSHOTS, 'catalog.png'), fullPage: true });
    await context.close();
  });
});
