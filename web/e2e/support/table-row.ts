import type { Page } from 'playwright-core';

/** The text of a table row that holds `text`, spaces as typed (ru-RU groups thousands with a no-break space). */
export async function rowText(page: Page, table: string, text: string): Promise<string> {
  const row = page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: text });
  await row.waitFor();
  return (await row.textContent())!.replace(/\u202f/g, ' ');
}
