import type { Page } from 'playwright-core';

/** Signs in through the app's form and waits for the first screen of the signed-in app, the summary. */
export async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/app`);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { name: 'Сводка' }).waitFor();
}
