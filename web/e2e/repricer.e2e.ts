import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../../src/database/database.tokens';
import { priceHistory } from '../../src/database/schema';
import { pricedAccount } from '../../test/support/pricing-accounts';
import { signIn } from '../../test/support/web-sign-in';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

const DAY_MS = 86_400_000;

describe('repricer and summary screens in a browser', () => {
  it('creates a rule through the form, runs the repricer now and sees the run in the log; a rule stored outside the form is rewritten only once confirmed', async () => {
    const account = await pricedAccount(world.t, world.emulator, 3);
    const [apiRuleProduct, formRuleProduct] = account.nmIds;
    const created = await world.t.request({
      method: 'POST',
      url: '/repricer/rules',
      headers: account.auth,
      payload: {
        mpAccountId: account.accountId,
        name: 'Скидка через API',
        conditionMetric: 'stock_days',
        conditionOperator: 'always',
        actionType: 'absolute',
        actionValue: -150,
        scope: 'sku',
        scopeValue: String(apiRuleProduct),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    await page.getByRole('link', { name: 'Репрайсер' }).click();
    await page.getByText('Запуск по расписанию: каждые 30 минут. Интервал задаёт сервис, изменить его нельзя.').waitFor();
    expect(await rowText(page, 'Правила', 'Скидка через API')).toContain(`Всегда-150 ₽без границТовар ${apiRuleProduct}`);

    await page.getByRole('button', { name: 'Новое правило' }).click();
    await page.getByLabel('Название правила').fill('Большой остаток');
    await page.getByLabel('Показатель').selectOption({ label: 'Остаток на маркетплейсе' });
    await page.getByLabel('Сравнение').selectOption({ label: 'больше' });
    await page.getByLabel('Порог').fill('30');
    await page.getByLabel('Снизить').check();
    await page.getByLabel('На сколько процентов').fill('10');
    await page.getByLabel('nmID товара').fill(String(formRuleProduct));
    await page.getByRole('button', { name: 'Создать правило' }).click();
    expect(await rowText(page, 'Правила', 'Большой остаток')).toContain(
      `Остаток на маркетплейсе больше 30-10 %без границТовар ${formRuleProduct}включено`,
    );

    // A manual run passes no metrics: only the unconditional rule of the API fires (spec: engine rule 4).
    await page.getByRole('button', { name: 'Запустить сейчас' }).click();
    await page.getByText('Запуск завершён: цены изменены').waitFor();
    await page.getByText('Изменено цен: 1, без изменений: 2').waitFor();
    expect(await rowText(page, 'Журнал запусков', 'вручную')).toMatch(/вручнуюцены изменены12$/);
    expect(await rowText(page, 'Товары и правила', String(apiRuleProduct))).toContain('850 ₽Скидка через API (-150 ₽)');

    await page.getByRole('button', { name: 'Изменить правило Скидка через API' }).click();
    await page.getByText('Правило создано через API вне набора формы').waitFor();
    await page.getByRole('button', { name: 'Сохранить правило' }).click();
    const rewrite = page.getByRole('alert', { name: 'Сохранение перепишет правило' });
    await rewrite.waitFor();
    expect((await rewrite.getByRole('row').allTextContents()).map((row) => row.replace(/\u00a0/g, ' '))).toEqual([
      'ПолеБылоСтанет',
      'УсловиеВсегдаОстаток на маркетплейсе больше -9 999 999 999',
      'Изменение цены-150 ₽-1 %',
    ]);
    expect(await rowText(page, 'Правила', 'Скидка через API')).toContain('Всегда-150 ₽');
    await page.getByRole('button', { name: 'Подтвердить и сохранить' }).click();
    await rewrite.waitFor({ state: 'detached' });
    expect(await rowText(page, 'Правила', 'Скидка через API')).toContain('Остаток на маркетплейсе больше -9 999 999 999-1 %');
    await page.screenshot({ path: join(SCREENSHOTS, 'repricer.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the pricing and repricer summaries as cards with deltas and the price changes per day, for 7 and 30 days', async () => {
    const account = await pricedAccount(world.t, world.emulator, 3);
    const now = Date.now();
    // Three changes today, two ten days ago: in the window before the current 7 days, inside the current 30 days.
    const changedAt = [0, 0, 0, 10, 10].map((days) => new Date(now - days * DAY_MS));
    await world.t.app
      .get<Database>(DATABASE)
      .insert(priceHistory)
      .values(
        changedAt.map((createdAt, index) => ({
          mpAccountId: account.accountId,
          nmId: account.nmIds[index % 3],
          oldPrice: 1000,
          newPrice: 900,
          source: 'manual' as const,
          createdAt,
        })),
      );
    const { context, page, consoleErrors } = await world.newPage();
    const periods: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/pricing/summary') periods.push(url.searchParams.get('period')!);
    });
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    const card = (name: string) => page.getByRole('group', { name });

    await card('Изменения цен и скидок').getByText('↑ +50 %').waitFor();
    expect(await card('Изменения цен и скидок').textContent()).toBe('Изменения цен и скидок3↑ +50 %');
    expect(await card('Запуски репрайсера').textContent()).toBe('Запуски репрайсера0 нет данных для сравнения');
    await page.getByRole('img', { name: 'Изменения цен по дням за 7 дней: всего 3' }).waitFor();
    expect(await page.locator('[role="img"] canvas').count()).toBe(1);

    await page.getByText('30 дней').click();
    await card('Изменения цен и скидок').getByText('нет данных для сравнения').waitFor();
    expect(await card('Изменения цен и скидок').textContent()).toBe('Изменения цен и скидок5 нет данных для сравнения');
    await page.getByRole('img', { name: 'Изменения цен по дням за 30 дней: всего 5' }).waitFor();
    expect(periods).toEqual(['7d', '30d']);
    await page.getByText('7 дней').click();
    await card('Изменения цен и скидок').getByText('↑ +50 %').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'dashboard.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
