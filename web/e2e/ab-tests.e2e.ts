import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTROL_PREFIX } from '../../emulator/src/routes/control.routes';
import { moscowToday } from '../../src/common/time/moscow-time';
import { abTests } from '../../src/database/schema';
import { insertCardAndCampaign, uploadImage } from '../../test/support/ab-tests';
import { cardFiles, contentSha, photoOf } from '../../test/support/card-files';
import { createAccount, createUser } from '../../test/support/identity';
import { colouredImage, MediaHost, startMediaHost, testVideo } from '../../test/support/media-host';
import { field, filePart } from '../../test/support/multipart-form';
import { until } from '../../test/support/until';
import { signIn } from '../../test/support/web-sign-in';
import { choose } from './support/mantine-select';
import { rowText } from './support/table-row';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

/** The card is read back this long after a switch; the emulator applies a media call after MEDIA_APPLY_MS. */
const VERIFY_MS = 1500;
const MEDIA_APPLY_MS = 100;
const WAIT_MS = 20_000;

/** The service's public address as the emulator reaches it: it passes the public images to the service, and hosts the card's own files. */
let host: MediaHost;
beforeAll(async () => {
  host = await startMediaHost();
});
afterAll(() => host?.close());

let world: WebWorld;
webWorldForFile(
  (started) => {
    world = started;
    host.attach(started.t);
  },
  () => ({ PUBLIC_BASE_URL: host.url, AB_VERIFY_MS: String(VERIFY_MS) }),
);

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
    // The list shown from before is read again on return.
    await expect.poll(() => rowText(page, 'A/B-тесты', String(NM_ID))).toContain('завершён: без победителя');
    await page.screenshot({ path: join(SCREENSHOTS, 'ab-tests.png'), fullPage: true });
    // The one error is the refused upload's 400 answer.
    expect(consoleErrors).toEqual([expect.stringContaining('400')]);
    await context.close();
  });

  it('a started test puts its first variant first on the card; stopped, the card has its original photos in order again', async () => {
    const response = await fetch(`${world.emulator.url}${CONTROL_PREFIX}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mediaApplyDelayMs: MEDIA_APPLY_MS }),
    });
    expect(response.status).toBe(200);
    const { seller, token } = world.emulator.context.sellers.create({ cards: 2, campaigns: 1 });
    const owner = await createUser(world.t);
    const accountId = await createAccount(world.t, owner.id, 'Кабинет', token.token);
    const [campaign] = seller.campaigns.all();
    seller.campaigns.setStatus(campaign, 9);
    const nm = campaign.nms[0];
    await insertCardAndCampaign(world.db, accountId, nm.nmId, campaign.id);
    const colour = () => colouredImage(randomInt(256), randomInt(256), randomInt(256));
    const key = randomUUID();
    const photos = [host.put(`${key}-1.jpg`, await colour(), 'image/jpeg'), host.put(`${key}-2.jpg`, await colour(), 'image/jpeg')];
    seller.cards.setMedia(nm.nmId, () => ({ photos: photos.map(photoOf), video: host.put(`${key}.mp4`, testVideo(), 'video/mp4') }));
    seller.campaigns.scriptDays(nm, [{ date: moscowToday(new Date()), views: 100, clicks: 5, sum: 10 }]);
    const original = await cardFiles(seller, nm.nmId);
    const variants: { id: string; hash: string }[] = [];
    for (const bytes of [await colour(), await colour()]) {
      const uploaded = await uploadImage(world.t, owner, [field('mpAccountId', accountId), filePart(bytes)]);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      variants.push({ id: uploaded.json<{ id: string }>().id, hash: contentSha(bytes) });
    }
    const created = await world.t.request({
      method: 'POST',
      url: '/ab-tests',
      headers: owner.auth,
      payload: {
        mpAccountId: accountId,
        nmId: nm.nmId,
        advertId: campaign.id,
        variants: variants.map((variant) => variant.id),
        switchEvery: { impressions: 1000 },
        settleMinutes: 0,
        onFinish: 'restore',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const testId = created.json<{ id: string }>().id;
    const card = () => cardFiles(seller, nm.nmId);

    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, owner.email, owner.password);
    await page.getByRole('link', { name: 'A/B-тесты', exact: true }).click();
    await page.getByRole('button', { name: `Открыть тест карточки ${nm.nmId}` }).click();
    await page.getByText('черновик', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Запустить', exact: true }).click();
    await page.getByRole('dialog', { name: 'Запустить тест?' }).getByRole('button', { name: 'Запустить', exact: true }).click();

    const started = await until(card, (files) => files[0] === `photo:${variants[0].hash}`, WAIT_MS);
    expect(started).toEqual([`photo:${variants[0].hash}`, ...original.slice(1)]);
    const results = page.getByRole('table', { name: 'Результаты по вариантам' });
    for (const name of ['Фото: Вариант A', 'Фото: Вариант B']) {
      const thumbnail = results.getByRole('img', { name });
      await thumbnail.waitFor();
      // The thumbnail is the variant's image from its public address.
      await expect
        .poll(() => thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(0);
    }

    await page.getByRole('button', { name: 'Остановить', exact: true }).click();
    const stop = page.getByRole('dialog', { name: 'Остановить тест?' });
    await stop.getByRole('button', { name: 'Остановить', exact: true }).click();
    await stop.waitFor({ state: 'detached' });
    const stopped = await until(card, (files) => files[0] !== `photo:${variants[0].hash}`, WAIT_MS);
    expect(stopped).toEqual(original);
    const answered = await world.t.request({ method: 'GET', url: `/ab-tests/${testId}`, headers: owner.auth });
    expect(answered.json()).toMatchObject({ state: 'completed', verdict: 'inconclusive' });
    await page.getByText('завершён: без победителя', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Вернуть исходные фото', exact: true }).click();
    const restore = page.getByRole('dialog', { name: 'Вернуть исходные фото?' });
    await restore.getByRole('button', { name: 'Вернуть исходные фото', exact: true }).click();
    await restore.waitFor({ state: 'detached' });
    await page.getByText('восстановлен', { exact: true }).waitFor();
    expect((await world.t.request({ method: 'GET', url: `/ab-tests/${testId}`, headers: owner.auth })).json().state).toBe('restored');
    // The worker has settled the card's media of the restored test.
    await until(
      async () => (await world.db.select({ at: abTests.finalMediaAt }).from(abTests).where(eq(abTests.id, testId)))[0].at,
      (at) => at !== null,
      WAIT_MS,
    );
    await new Promise((resolve) => setTimeout(resolve, MEDIA_APPLY_MS * 3));
    expect(await card()).toEqual(original);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
