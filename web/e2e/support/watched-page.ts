import type { Page } from 'playwright-core';

import type { WebWorld } from './web-service';

/** A new tab that records the errors its console prints (the browser's own favicon request, which no page makes, aside). */
export async function watchedPage(world: WebWorld) {
  const { context, page } = await world.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** The text of a table row that holds `text`, spaces as typed (ru-RU groups thousands with a no-break space). */
export async function rowText(page: Page, table: string, text: string): Promise<string> {
  const row = page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: text });
  await row.waitFor();
  return (await row.textContent())!.replace(/\u00a0/g, ' ');
}
