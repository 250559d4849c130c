import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator, startEmulator } from '../../emulator/src/emulator';
import { loadConfig } from '../config/app-config';
import { MP_SCOPE_NAMES } from '../config/marketplace-scopes';
import { SandboxNotAvailableError, scopeBaseUrl } from './scope-url';

describe('scopeBaseUrl', () => {
  it('defaults to the production address of each scope', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(scopeBaseUrl(config, 'content')).toBe('https://content-api.wildberries.ru');
    expect(scopeBaseUrl(config, 'prices')).toBe('https://discounts-prices-api.wildberries.ru');
    expect(scopeBaseUrl(config, 'common')).toBe('https://common-api.wildberries.ru');
  });

  it('uses MP_<SCOPE>_API_URL when set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      MP_CONTENT_API_URL: 'http://content.local:8080/',
      MP_BUYER_CHAT_API_URL: 'http://chat.local',
    });
    expect(scopeBaseUrl(config, 'content')).toBe('http://content.local:8080');
    expect(scopeBaseUrl(config, 'buyer-chat')).toBe('http://chat.local');
    expect(scopeBaseUrl(config, 'prices')).toBe('https://discounts-prices-api.wildberries.ru');
  });

  it('reaches every scope under MP_API_BASE_URL when set, ahead of the per-scope variables', () => {
    const config = loadConfig({ NODE_ENV: 'test', MP_API_BASE_URL: 'http://127.0.0.1:3900/', MP_CONTENT_API_URL: 'http://content.local' });
    for (const scope of MP_SCOPE_NAMES) expect(scopeBaseUrl(config, scope)).toBe(`http://127.0.0.1:3900/${scope}`);
  });

  it('uses the sandbox in sandbox mode for content, prices, statistics, advert, feedbacks, and refuses the others', () => {
    const config = loadConfig({ NODE_ENV: 'test', MP_API_USE_SANDBOX: 'true' });
    expect(scopeBaseUrl(config, 'content')).toBe('https://content-api-sandbox.wildberries.ru');
    expect(scopeBaseUrl(config, 'prices')).toBe('https://discounts-prices-api-sandbox.wildberries.ru');
    expect(scopeBaseUrl(config, 'statistics')).toBe('https://statistics-api-sandbox.wildberries.ru');
    expect(scopeBaseUrl(config, 'advert')).toBe('https://advert-api-sandbox.wildberries.ru');
    expect(scopeBaseUrl(config, 'feedbacks')).toBe('https://feedbacks-api-sandbox.wildberries.ru');
    for (const scope of ['common', 'finance', 'analytics'] as const)
      expect(() => scopeBaseUrl(config, scope)).toThrow(SandboxNotAvailableError);
  });

  it('rejects a malformed address at start, naming the variable', () => {
    expect(() => loadConfig({ MP_API_BASE_URL: 'not a url' })).toThrow(/^Invalid environment variable MP_API_BASE_URL/);
    expect(() => loadConfig({ MP_FINANCE_API_URL: 'ftp://x' })).toThrow(/^Invalid environment variable MP_FINANCE_API_URL/);
  });
});

describe('the service reaches the emulator through MP_API_BASE_URL', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  it('answers /ping of the common scope at the resolved address', async () => {
    const { token } = (await (
      await fetch(`${emulator.url}/__emulator/sellers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as { token: string };
    const config = loadConfig({ NODE_ENV: 'test', MP_API_BASE_URL: emulator.url });
    const response = await fetch(`${scopeBaseUrl(config, 'common')}/ping`, { headers: { authorization: token } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Status: 'OK' });
  });
});
