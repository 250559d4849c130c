import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { contentAccount } from '../../test/support/content-setup';
import { signIn } from '../../test/support/web-sign-in';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
// The card and the marketplace's error list are read again soon after the send, as a seller would see within seconds.
webWorldForFile((started) => (world = started), { CONTENT_VERIFY_DELAY_MS: '300' });

describe('the content screen in a browser', () => {
  it('prepares texts of a chosen card with the AI, shows the draft beside the card, blocks a title over 60 characters, approves and sees it published', async () => {
    const account = await contentAccount(world.t, world.db, world.emulator, 2);
    const [nmId] = account.nmIds;
    const { context, page, consoleErrors } = await world.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, world.origin, account.owner.email, account.owner.password);
    await page.getByRole('link', { name: 'Контент', exact: true }).click();
    await page.getByRole('heading', { name: 'Контент' }).waitFor();
    await page.getByRole('group', { name: 'Черновики' }).waitFor();
    await rowText(page, 'Оценка карточек', String(nmId));

    await page.getByLabel(`Выбрать карточку ${nmId}`).check();
    await page.getByRole('button', { name: 'Сгенерировать (1)' }).click();
    await page.getByLabel('Пожелания для ИИ').fill('Подчеркнуть прочность');
    await page.getByRole('button', { name: 'Запустить подготовку' }).click();
    await page.getByText('Подготовка текстов: Завершено').waitFor();
    await page.getByRole('button', { name: `Перейти к черновику ${nmId}` }).click();

    await page.getByRole('heading', { name: `Черновик карточки ${nmId}` }).waitFor();
    expect(await page.getByLabel('Состояние черновика').textContent()).toBe('черновик');
    await expect.poll(() => page.getByLabel('Оценка', { exact: true }).textContent()).toMatch(/^Оценка: \d+ → \d+$/);
    const card = account.seller.cards.byNmId(nmId)!;
    const diff = page.getByRole('table', { name: 'Сейчас и предлагается' });
    expect(await diff.getByRole('row').filter({ hasText: 'Название' }).textContent()).toContain(card.title);
    const proposedTitle = await page.getByRole('textbox', { name: 'Предлагаемое название' }).inputValue();
    expect(proposedTitle.length).toBeLessThanOrEqual(60);

    // A title over the marketplace's limit is saved with an error issue, and the draft cannot be approved.
    await page.getByRole('textbox', { name: 'Предлагаемое название' }).fill('Д'.repeat(61));
    await page.getByRole('button', { name: 'Сохранить правки' }).click();
    await page.getByRole('note').filter({ hasText: 'Название длиннее 60 символов (61): сократите его' }).waitFor();
    expect(await page.getByRole('button', { name: 'Одобрить' }).isDisabled()).toBe(true);
    await page.getByRole('region', { name: 'Замечания' }).getByText('Ошибки').waitFor();

    await page.getByRole('textbox', { name: 'Предлагаемое название' }).fill(proposedTitle);
    await page.getByRole('button', { name: 'Сохранить правки' }).click();
    await page.getByRole('note').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Одобрить' }).click();

    await expect.poll(() => page.getByLabel('Состояние черновика').textContent()).toBe('опубликован');
    expect(account.seller.cards.byNmId(nmId)!.title).toBe(proposedTitle);
    expect(await rowText(page, 'Черновики', proposedTitle)).toContain('опубликован');
    await expect.poll(() => page.getByRole('group', { name: 'Опубликовано' }).textContent()).toContain('1');
    await page.screenshot({ path: join(SCREENSHOTS, 'content.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
