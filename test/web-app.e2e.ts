import { rmSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pageContentSecurityPolicy, pageImageOrigins } from '../src/app/page-headers';
import { expectErrorEnvelope } from './support/envelope';
import { fakeWebBuild } from './support/fake-web-build';
import { startTestApp, TestApp } from './support/test-app';

describe('web app under /app', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fakeWebBuild();
    t = await startTestApp({ webRoot: root, env: { MP_API_BASE_URL: 'http://127.0.0.1:3900' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('redirects / to /app and answers index.html for /app and every path under it, never cached', async () => {
    const home = await t.request({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/app');
    for (const url of ['/app', '/app/', '/app/accounts', '/app/accounts/42/quota']) {
      const page = await t.request({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a year-long immutable cache, other files revalidated', async () => {
    const asset = await t.request({ method: 'GET', url: '/app/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode, asset.body).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');
    const icon = await t.request({ method: 'GET', url: '/app/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset and an unknown API path with the error envelope', async () => {
    for (const url of ['/app/assets/gone-12345678.js', '/no-such-route']) {
      const response = await t.request({ method: 'GET', url });
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    }
  });

  it("sends the page headers on the page, its assets and a missing asset: a policy without inline script, never framed, images from the photo origins and the A/B images' public address", async () => {
    const policy = pageContentSecurityPolicy(pageImageOrigins(t.config));
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    // The marketplace's photo host, the emulator's, which serves its photos itself, and the A/B tests' images' public host; no other.
    const publicImages = new URL(t.config.abTests.publicBaseUrl).origin;
    expect(policy).toContain(`img-src 'self' data: https://*.wbbasket.ru http://127.0.0.1:3900 ${publicImages};`);
    for (const url of ['/app', '/app/accounts', '/app/assets/index-Ab12Cd34.js', '/app/favicon.svg', '/app/assets/gone-12345678.js']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(policy);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('leaves the API as it was: a route without a token still answers 401', async () => {
    const response = await t.request({ method: 'GET', url: '/mp-accounts' });
    expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
  });
});
