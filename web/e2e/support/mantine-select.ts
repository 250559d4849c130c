import type { Page } from 'playwright-core';

/** The input of a Mantine select (its options list carries the same label once open). */
export const selectInput = (page: Page, label: string) => page.locator('input').and(page.getByLabel(label, { exact: true }));

/** Opens a Mantine select by its label and picks the option; a searchable one is searched for it first when `search` is given. */
export async function choose(page: Page, label: string, option: string, search?: string): Promise<void> {
  const input = selectInput(page, label);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}
