import type { Page } from 'playwright-core';

/** Signs in through the form and waits for the home screen, the summary. */
export async function signIn(page: Page, origin: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${origin}/app`);
  await page.getByLabel('Электронная почта').fill(user.email);
  await page.getByLabel('Пароль').fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { name: 'Сводка' }).waitFor();
}
