import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';

import { launchChromium } from '../../../test/support/chromium';
import { EmulatedService, emulatedServiceForFile } from '../../../test/support/marketplace';

const WEB = join(__dirname, '..', '..');
export const SCREENSHOTS = join(WEB, 'e2e', 'screenshots');

export interface WebWorld extends EmulatedService {
  /** The service's origin; the app is at `${origin}/app`. */
  origin: string;
  browser: Browser;
  /** A new tab in a fresh profile (its own sessionStorage and localStorage). */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The file's world: the web app built from the current sources, the service (api and worker) serving it on a free port
 * with the emulator as its marketplace, and Chromium. `env` goes over the service's settings.
 */
export function webWorldForFile(assign: (world: WebWorld) => void, env: Record<string, string> = {}): void {
  const webRoot = mkdtempSync(join(tmpdir(), 'web-app-'));
  let browser: Browser | undefined;
  beforeAll(async () => {
    await build({ configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn', build: { outDir: webRoot } });
  }, 120_000);
  let service: EmulatedService;
  emulatedServiceForFile((started) => (service = started), env, { webRoot });
  beforeAll(async () => {
    await service.t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
    assign({
      ...service,
      origin: await service.t.app.getUrl(),
      browser,
      newPage: async () => {
        const context = await browser!.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
        return { context, page: await context.newPage() };
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
}
