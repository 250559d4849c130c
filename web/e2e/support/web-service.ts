import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

import { launchChromium } from '../../../test/support/chromium';
import { EmulatedService, emulatedServiceForFile, ServiceEnv } from '../../../test/support/marketplace';

const WEB = join(__dirname, '..', '..');
export const SCREENSHOTS = join(WEB, 'e2e', 'screenshots');

export interface WebWorld extends EmulatedService {
  /** The service's origin; the app is at `${origin}/app`. */
  origin: string;
  browser: Browser;
  /**
   * A new tab in a fresh profile (its own sessionStorage and localStorage), with the errors its console prints and its
   * uncaught exceptions, which a test expects to be none.
   */
  newPage(): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }>;
}

/**
 * The file's world: the web app the run built from the current sources (web-build.ts), the service (api and worker)
 * serving it on a free port with the emulator as its marketplace, and Chromium. `env` goes over the service's settings.
 */
export function webWorldForFile(assign: (world: WebWorld) => void, env: ServiceEnv = {}): void {
  const webRoot = inject('webRoot');
  let browser: Browser | undefined;
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
        const page = await context.newPage();
        const consoleErrors: string[] = [];
        page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
        page.on('pageerror', (error) => consoleErrors.push(error.message));
        return { context, page, consoleErrors };
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
}
