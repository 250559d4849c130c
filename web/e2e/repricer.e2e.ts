import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { pricedAccount } from '../../test/support/pricing-accounts';
import { signIn } from '../../test/support/web-sign-in';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

describe('the repricer screen in a browser', () => {
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
    await page.getByRole('link', { name: 'Репрайсер', exact: true }).click();
    await page.getByText('Запуск по расписанию: каждые 30 минут. Интервал задаёт сервис, изменить его нельзя.').waitFor();
    expect(await rowText(page, 'Правила', 'Скидка через API')).toContain(`Всегда−150 ₽без границТовар ${apiRuleProduct}`);

    await page.getByRole('button', { name: 'Новое правило' }).click();
    // Before saving, the form says that its rules fire only in a run with metrics, and where that run is described.
    const metricsOnly = page.getByRole('note', { name: 'Правило сработает только при запуске с показателями' });
    await metricsOnly.waitFor();
    expect(await metricsOnly.getByRole('link', { name: 'описание API' }).getAttribute('href')).toBe('/api/docs');
    await page.getByLabel('Название правила').fill('Цена выше рынка');
    await page.getByLabel('Показатель').selectOption({ label: 'Текущая цена' });
    await page.getByLabel('Порог').fill('15');
    await page.getByLabel('nmID товара').fill(String(formRuleProduct));
    await page.getByRole('button', { name: 'Создать правило' }).click();
    // The metric reads back as chosen, not as both labels of price_gap_pct; the list marks the rule.
    const priceRule = await rowText(page, 'Правила', 'Цена выше рынка');
    expect(priceRule).toContain('Текущая цена больше 15');
    expect(priceRule).not.toContain('Процент выкупа');
    expect(priceRule).toContain('сработает только при запуске с показателями');
    expect(await rowText(page, 'Правила', 'Скидка через API')).not.toContain('сработает только при запуске с показателями');

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
      `Остаток на маркетплейсе больше 30сработает только при запуске с показателями−10 %без границТовар ${formRuleProduct}включено`,
    );

    // A manual run passes no metrics: only the unconditional rule of the API fires (spec: engine rule 4).
    await page.getByRole('button', { name: 'Запустить сейчас' }).click();
    await page.getByText('Запуск завершён: цены изменены').waitFor();
    await page.getByText('Изменено цен: 1, без изменений: 2').waitFor();
    expect(await rowText(page, 'Журнал запусков', 'вручную')).toMatch(/вручнуюцены изменены12$/);
    expect(await rowText(page, 'Товары и правила', String(apiRuleProduct))).toContain('850 ₽Скидка через API (−150 ₽)');

    await page.getByRole('button', { name: 'Изменить правило Скидка через API' }).click();
    await page.getByText('Правило создано через API вне набора формы').waitFor();
    await page.getByRole('button', { name: 'Сохранить правило' }).click();
    const rewrite = page.getByRole('alert', { name: 'Сохранение перепишет правило' });
    await rewrite.waitFor();
    expect((await rewrite.getByRole('row').allTextContents()).map((row) => row.replace(/\u202f/g, ' '))).toEqual([
      'ПолеБылоСтанет',
      'УсловиеВсегдаОстаток на маркетплейсе больше −9 999 999 999',
      'Изменение цены−150 ₽−1 %',
    ]);
    expect(await rowText(page, 'Правила', 'Скидка через API')).toContain('Всегда−150 ₽');
    await page.getByRole('button', { name: 'Подтвердить и сохранить' }).click();
    await rewrite.waitFor({ state: 'detached' });
    expect(await rowText(page, 'Правила', 'Скидка через API')).toContain(
      'Остаток на маркетплейсе больше −9 999 999 999сработает только при запуске с показателями−1 %',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'repricer.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
