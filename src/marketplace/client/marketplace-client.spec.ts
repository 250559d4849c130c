import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loadConfig } from '../../config/app-config';
import { ping } from '../endpoints/common';
import { salesReportDetailed } from '../endpoints/finance';
import { priceUpload } from '../endpoints/prices';
import { MarketplaceClient } from './marketplace-client';
import { MarketplaceCallError } from './marketplace-errors';
import { MarketplaceMetrics } from './marketplace-metrics';
import type { RateBuckets } from './rate-buckets';
import { RateRules } from './rate-rules';

/** Buckets that always have a token: the answer's check is what is tested here. */
const openBuckets = {
  take: async () => ({ reserved: true, waitMs: 0 }),
  closedUntil: async () => 0,
  penalise: async () => undefined,
  narrow: async () => undefined,
} as unknown as RateBuckets;

/** A client whose marketplace answers `text` as JSON and keeps the request bodies it was sent. */
function clientAnsweringText(status: number, text: string) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (typeof init.body === 'string') sent.push(init.body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  });
  const warnings: Record<string, unknown>[] = [];
  const client = new MarketplaceClient(
    loadConfig({ NODE_ENV: 'test', MP_API_BASE_URL: 'http://marketplace.test' }),
    openBuckets,
    new RateRules(),
    { plaintextKey: async () => 'key' },
    new MarketplaceMetrics(new Registry()),
    { warn: (fields) => warnings.push(fields) },
  );
  return { client, warnings, sent };
}

function clientAnswering(status: number, body: unknown) {
  return clientAnsweringText(status, JSON.stringify(body));
}

describe('MarketplaceClient.call checks the answer against its endpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands back a fitting answer, typed', async () => {
    const { client } = clientAnswering(200, { TS: '2024-08-16T11:19:05+03:00', Status: 'OK' });
    await expect(client.call(ping, { apiKey: 'key' })).resolves.toMatchObject({ ok: true, status: 200, body: { Status: 'OK' } });
  });

  it.each<[string, unknown]>([
    ['a list instead of an object', ['OK']],
    ['a missing field', { Status: 'OK' }],
    ['no JSON body', null],
  ])('%s: 502 MP_UNAVAILABLE, not curable, logged without the body', async (_name, body) => {
    const { client, warnings } = clientAnswering(200, body);
    const error = await client.call(ping, { apiKey: 'key' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MarketplaceCallError);
    expect(error).toMatchObject({
      code: 'MP_UNAVAILABLE',
      status: 502,
      curable: false,
      failure: { scope: 'common', path: '/ping', mpStatus: 200 },
    });
    expect(warnings).toEqual([expect.objectContaining({ scope: 'common', path: '/ping', problem: expect.stringMatching(/^body/) })]);
    expect(JSON.stringify(warnings)).not.toContain('OK');
  });

  it('a rejection the endpoint lists is handed back unchecked', async () => {
    const { client } = clientAnswering(400, { data: null, error: true, errorText: 'Invalid price value' });
    const answer = await client.call(priceUpload, { apiKey: 'key' }, { data: [{ nmID: 1, price: 0 }] });
    expect(answer).toMatchObject({ ok: false, status: 400, body: { errorText: 'Invalid price value' } });
  });

  it('an endpoint with bigIntText ids reads and sends them exactly, as bare integers on the wire', async () => {
    const { client, sent, warnings } = clientAnsweringText(200, '[{"reportId":90071992547409930001,"rrdId":9007199254740993}]');
    const answer = await client
      .call(salesReportDetailed, { apiKey: 'key' }, { dateFrom: '2024-02-05', dateTo: '2024-02-11', rrdId: '9007199254740993' })
      .catch((caught: unknown) => caught);
    // The row stops at its third field: both ids before it passed as digit strings.
    expect(answer).toMatchObject({ code: 'MP_UNAVAILABLE' });
    expect(warnings).toEqual([expect.objectContaining({ problem: 'body[0].dateFrom: expected a string' })]);
    expect(sent).toEqual(['{"dateFrom":"2024-02-05","dateTo":"2024-02-11","rrdId":9007199254740993}']);
  });
});
