import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { launchChromium } from '../test/support/chromium';
import { signIn } from '../test/support/web-sign-in';

/**
 * npm run screenshots: every screen of the running app (`npm run demo` in another terminal) into docs/screens/, as a new seller
 * sees it: Chromium at 1280×800, Russian, Moscow time. The screens are the navigation's links of the signed-in user;
 * the admin screens too when ADMIN_EMAIL and ADMIN_PASSWORD name an admin (BOOTSTRAP_ADMIN_* of the demo's service).
 * APP_URL (http://127.0.0.1:3000) and DEMO_EMAIL/DEMO_PASSWORD (the demo's user) move it elsewhere.
 */
const APP_URL = process.env.APP_URL ?? 'http://127.0.0.1:3000';
const DOCS = join(process.cwd(), 'docs', 'screens');
const SELLER = { email: process.env.DEMO_EMAIL ?? 'demo@example.com', password: process.env.DEMO_PASSWORD ?? 'Demo-pass-2026' };
/** The seller's screen: 1280×800, Russian, Moscow time. */
const SCREEN = { locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1280, height: 800 } };
/** Long enough for a screen's first answers and their charts after the network went quiet. */
const SETTLE_MS = 1500;

/** docs/screens/<path with dashes>.png: /autoreply/templates → autoreply-templates.png. */
const fileOf = (path: string) => join(DOCS, `${path.replace(/^\/app\/?/, '').replace(/\//g, '-') || 'sign-in'}.png`);

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
}

async function shoot(page: Page, path: string): Promise<string> {
  await settled(page);
  const file = fileOf(path);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Every screen the user's navigation links to, except those `skip` names (already taken for another user). */
async function screensOf(page: Page, skip: ReadonlySet<string>): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Разделы' }).getByRole('link');
  const paths = (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).filter(
    (path) => !skip.has(path),
  );
  for (const path of paths) {
    await page.getByRole('navigation', { name: 'Разделы' }).locator(`a[href="${path}"]`).click();
    await page.waitForURL(`${APP_URL}${path}`);
    console.log(await shoot(page, path));
  }
  return paths;
}

async function main(): Promise<void> {
  mkdirSync(DOCS, { recursive: true });
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext(SCREEN)).newPage();
    await page.goto(`${APP_URL}/app`);
    console.log(await shoot(page, '/app'));
    await signIn(page, APP_URL, SELLER.email, SELLER.password);
    const sellerScreens = await screensOf(page, new Set());
    if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
      const admin = await (await browser.newContext(SCREEN)).newPage();
      await signIn(admin, APP_URL, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
      await screensOf(admin, new Set(sellerScreens));
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
