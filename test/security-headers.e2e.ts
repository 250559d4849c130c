import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pageContentSecurityPolicy } from '../src/app/page-headers';
import { launchChromium } from './support/chromium';
import { rawGet } from './support/raw-http';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as { port: number }).port;
});
afterAll(() => t.close());

describe('every answer of the API has X-Content-Type-Options: nosniff', () => {
  it('successes and errors of every layer: routes, guards, unknown paths, the body parser, the router, the HTTP parser', async () => {
    const answers = {
      version: await t.request({ method: 'GET', url: '/version' }),
      unauthorized: await t.request({ method: 'GET', url: '/mp-accounts' }),
      unknown: await t.request({ method: 'GET', url: '/no-such-route' }),
      form: await t.request({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      badPercent: await rawGet(port, '/nonexistent%ZZ'),
      parser: await rawGet(port, '/health/live', { 'X-Filler': 'x'.repeat(20_000) }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
      version: 200,
      unauthorized: 401,
      unknown: 404,
      form: 415,
      badPercent: 400,
      parser: 431,
    });
    for (const [name, answer] of Object.entries(answers)) expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
  });

  it('API answers carry no page policy', async () => {
    expect((await t.request({ method: 'GET', url: '/version' })).headers['content-security-policy']).toBeUndefined();
  });
});

describe('/api/docs', () => {
  it('sends the page headers on Swagger UI, its files and the JSON contract', async () => {
    for (const url of ['/api/docs', '/api/docs/swagger-ui-init.js', '/api/docs/swagger-ui-bundle.js', '/api/docs-json']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(pageContentSecurityPolicy(t.config.marketplace.photoOrigins));
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('Swagger UI has no inline script, and loads and shows the operations under its policy in Chromium', async () => {
    const page = (await t.request({ method: 'GET', url: '/api/docs' })).body;
    expect(page.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? []).toEqual([]);

    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const tab = await browser.newPage();
      const consoleErrors: string[] = [];
      tab.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      tab.on('pageerror', (error) => consoleErrors.push(error.message));
      await tab.goto(`http://127.0.0.1:${port}/api/docs`);
      await tab.locator('.opblock-summary-path', { hasText: '/auth/login' }).first().waitFor({ timeout: 20_000 });
      expect(consoleErrors).toEqual([]);
    } finally {
      await browser?.close();
    }
  });
});
