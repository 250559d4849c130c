import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { createUser } from '../../test/support/identity';
import { signIn } from '../../test/support/web-sign-in';
import { SCREENSHOTS, WebWorld, webWorldForFile } from './support/web-service';

let world: WebWorld;
webWorldForFile((started) => (world = started));

/** The repricer screen's own chunk (Vite names a lazily imported module's chunk after its file). */
const isRepricerChunk = (url: URL) => /^\/app\/assets\/RepricerScreen-[\w-]+\.js$/.test(url.pathname);

describe('a screen whose code fails to load, in a browser', () => {
  it('shows the error with a reload button inside the app frame, and the reload loads the screen once its code answers again', async () => {
    const user = await createUser(world.t);
    const { context, page, consoleErrors } = await world.newPage();
    await signIn(page, world.origin, user.email, user.password);
    const refused: string[] = [];
    await page.route(isRepricerChunk, (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов', details: null, traceId: 'trace' }),
      });
    });

    await page.getByRole('link', { name: 'Репрайсер', exact: true }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить раздел' });
    await error.waitFor();
    expect(refused).toHaveLength(1);
    const navigation = page.getByRole('navigation', { name: 'Разделы' });
    expect(await navigation.getByRole('link', { name: 'Репрайсер', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Операции продавца' }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'screen-load-error.png'), fullPage: true });

    await page.unroute(isRepricerChunk);
    await error.getByRole('button', { name: 'Обновить' }).click();
    await page.getByRole('heading', { name: 'Репрайсер' }).waitFor();
    expect(await error.count()).toBe(0);
    // The refused chunk was asked for once, not again and again while the error showed.
    expect(refused).toHaveLength(1);
    expect(consoleErrors.every((line) => /429|RepricerScreen|dynamically imported module/.test(line))).toBe(true);
    await context.close();
  });
});
