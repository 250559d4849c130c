import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { startTestApp, TestApp } from './support/test-app';

/** A build of the web app as vite lays it out: index.html and content-hashed assets. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  return root;
}

describe('web app under /app', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fakeBuild();
    t = await startTestApp({ webRoot: root });
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

  it('leaves the API as it was: a route without a token still answers 401', async () => {
    const response = await t.request({ method: 'GET', url: '/mp-accounts' });
    expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
  });
});
