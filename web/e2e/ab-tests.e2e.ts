import { join } from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { insertCardAndCampaign } from '../../test/support/ab-tests';
import { createAccount, createUser } from '../../test/support/identity';
import { signIn } from '../../test/support/web-sign-in';
import { choose } from './support/mantine-select';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

const NM_ID = 612_000_001;
const ADVERT_ID = 9_301;

/** A solid PNG of this size, made now (no binary fixtures in the repository). */
async function png(name: string, width: number, height: number, r: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

describe('the A/B tests screen in a browser', () => {
  it('creates a test with two uploaded images (a too small one refused with the service message), starts it and stops it', async () => {
    const owner = await createUser(world.t);
    const accountId = await createAccount(world.t, owner.id);
    await insertCardAndCampaign(world.db, accountId, NM_ID, ADVERT_ID);
    const { context, page, consoleErrors } = await world.newPage();
    // The images' public address names the service's public host, not this run's port: the page fetches them here.
    await page.route(
      (url) => url.pathname.startsWith('/ab-test-images/') && url.origin !== world.origin,
      async (route) => route.fulfill({ response: await route.fetch({ url: `${world.origin}${new URL(route.request().url()).pathname}` }) }),
    );
    await signIn(page, world.origin, owner.email, owner.password);
    await page.getByRole('link', { name: 'A/B-тесты', exact: true }).click();
    await page.getByRole('heading', { name: 'A/B-тесты', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Сводка A/B-тестов' }).getByRole('group', { name: 'Завершены' }).waitFor();
    await page.getByText('Тестов пока нет').waitFor();

    await page.getByRole('button', { name: 'Новый тест' }).click();
    await page.getByLabel('Поиск').fill(String(NM_ID));
    await page.getByRole('button', { name: `Выбрать карточку ${NM_ID}` }).click();
    await page.getByText(`Карточка: Товар ${NM_ID} · V-${NM_ID} · ${NM_ID}`).waitFor();
    await choose(page, 'Кампания', `Кампания ${ADVERT_ID} (№ ${ADVERT_ID})`);

    const files = page.locator('input[type="file"]');
    await files.setInputFiles(await png('small.png', 300, 400, 10));
    await page
      .getByRole('group', { name: 'small.png' })
      .getByText('Изображение 300 × 400 пикселей меньше минимума 700 × 900 (ширина × высота)')
      .waitFor();
    await page.getByRole('button', { name: 'Убрать small.png' }).click();
    await files.setInputFiles([await png('first.png', 700, 900, 40), await png('second.png', 800, 1000, 220)]);
    for (const variant of ['Вариант A', 'Вариант B']) {
      const preview = page.getByRole('group', { name: variant }).getByRole('img', { name: variant });
      await preview.waitFor();
      // The preview is the image fetched back from its public address.
      await expect.poll(() => preview.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: 'Создать тест' }).click();

    await page.getByRole('heading', { name: `Тест карточки «Товар ${NM_ID}» · nmID ${NM_ID}` }).waitFor();
    await page.getByText('черновик', { exact: true }).waitFor();
    await page.getByText(`Кампания ${ADVERT_ID} (№ ${ADVERT_ID})`).waitFor();
    expect(await page.getByRole('button', { name: 'Остановить', exact: true }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Запустить', exact: true }).click();
    await page.getByRole('dialog', { name: 'Запустить тест?' }).getByRole('button', { name: 'Запустить', exact: true }).click();
    await page.getByText(/^(запланирован|идёт)$/).waitFor();
    await page.getByRole('table', { name: 'Результаты по вариантам' }).getByRole('img', { name: /^CTR / }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Запустить', exact: true }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Остановить', exact: true }).click();
    const stop = page.getByRole('dialog', { name: 'Остановить тест?' });
    await stop.getByRole('button', { name: 'Остановить', exact: true }).click();
    await stop.waitFor({ state: 'detached' });
    await page.getByText('завершён: без победителя', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Применить победителя', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Вернуть исходные фото', exact: true }).isEnabled()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'ab-test.png'), fullPage: true });

    await page.getByRole('button', { name: '← Все тесты' }).click();
    expect(await rowText(page, 'A/B-тесты', String(NM_ID))).toContain('завершён: без победителя');
    await page.screenshot({ path: join(SCREENSHOTS, 'ab-tests.png'), fullPage: true });
    // The one error is the refused upload's 400 answer.
    expect(consoleErrors).toEqual([expect.stringContaining('400')]);
    await context.close();
  });
});
