import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const PATH = '/content/v2/get/cards/list';
let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 42, cards: 250 });
});
afterAll(() => emulator.close());

function cards(settings: Record<string, unknown>, token = seller.token) {
  return call(emulator, token, 'content', PATH, { method: 'POST', body: { settings } });
}

async function walk(ascending: boolean, limit = 100): Promise<{ nmIDs: number[]; pages: number }> {
  const nmIDs: number[] = [];
  let cursor: Record<string, unknown> = { limit };
  for (let pages = 1; ; pages += 1) {
    const page = (await cards({ sort: { ascending }, cursor })).json;
    nmIDs.push(...page.cards.map((card: { nmID: number }) => card.nmID));
    if (page.cursor.total < limit) return { nmIDs, pages };
    cursor = { limit, updatedAt: page.cursor.updatedAt, nmID: page.cursor.nmID };
  }
}

describe('POST /content/v2/get/cards/list', () => {
  it('pages through every card once with the updatedAt + nmID cursor, stopping when total < limit', async () => {
    const { nmIDs, pages } = await walk(true);
    expect(pages).toBe(3);
    expect(nmIDs).toHaveLength(250);
    expect(new Set(nmIDs).size).toBe(250);
  });

  it('sorts by updatedAt, newest first unless ascending', async () => {
    const descending = (await cards({ cursor: { limit: 5 } })).json.cards.map((card: { updatedAt: string }) => card.updatedAt);
    expect([...descending].sort().reverse()).toEqual(descending);
    const ascending = (await cards({ sort: { ascending: true }, cursor: { limit: 5 } })).json.cards.map(
      (card: { updatedAt: string }) => card.updatedAt,
    );
    expect([...ascending].sort()).toEqual(ascending);
    expect((await walk(false, 100)).nmIDs).toHaveLength(250);
  });

  it('answers the cursor of the last card and total = cards in this answer; limit defaults to 10', async () => {
    const page = (await cards({})).json;
    expect(page.cards).toHaveLength(10);
    const last = page.cards[9];
    expect(page.cursor).toEqual({ updatedAt: last.updatedAt, nmID: last.nmID, total: 10 });
  });

  it('is deterministic: the same seed gives the same cards', async () => {
    const twin = await createSeller(emulator, { seed: 42, cards: 250 });
    const a = (await cards({ cursor: { limit: 3 } })).json.cards;
    const b = (await cards({ cursor: { limit: 3 } }, twin.token)).json.cards;
    expect(b).toEqual(a);
    expect(a[0]).toMatchObject({
      nmID: expect.any(Number),
      vendorCode: expect.stringMatching(/^ART-/),
      brand: expect.any(String),
      title: expect.any(String),
    });
    expect(a[0].sizes[0]).toMatchObject({
      chrtID: expect.any(Number),
      techSize: expect.any(String),
      skus: [expect.stringMatching(/^\d{13}$/)],
    });
  });

  it('finds a card by vendor code, nmID or barcode', async () => {
    const card = (await cards({ cursor: { limit: 1 } })).json.cards[0];
    for (const text of [card.vendorCode, String(card.nmID), card.sizes[0].skus[0]]) {
      expect((await cards({ filter: { textSearch: text } })).json.cards.map((found: { nmID: number }) => found.nmID)).toEqual([card.nmID]);
    }
    expect((await cards({ filter: { textSearch: 'nothing-like-this' } })).json.cursor.total).toBe(0);
  });

  it('filters by brand and by photo presence', async () => {
    const brand = (await cards({ cursor: { limit: 1 } })).json.cards[0].brand;
    const branded = (await cards({ filter: { brands: [brand] }, cursor: { limit: 100 } })).json.cards;
    expect(branded.length).toBeGreaterThan(1);
    expect(branded.every((card: { brand: string }) => card.brand === brand)).toBe(true);
    const withoutPhoto = (await cards({ filter: { withPhoto: 2 }, cursor: { limit: 100 } })).json.cards;
    expect(withoutPhoto.every((card: { photos: unknown[] }) => card.photos.length === 0)).toBe(true);
  });

  it('lists with the defaults (10 newest cards) when the body has no settings', async () => {
    const response = await call(emulator, seller.token, 'content', PATH, { method: 'POST', body: {} });
    expect(response.status).toBe(200);
    expect(response.json.cards).toHaveLength(10);
  });

  it('refuses a limit over 100 and settings of the wrong type with the content 400 shape', async () => {
    for (const body of [{ settings: { cursor: { limit: 101 } } }, { settings: [] }, { settings: { filter: { withPhoto: 3 } } }]) {
      const response = await call(emulator, seller.token, 'content', PATH, { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ data: null, error: true, errorText: expect.any(String) });
    }
  });

  it('answers a body that is not JSON with the plain-text 400', async () => {
    const response = await fetch(`${emulator.url}/content${PATH}`, {
      method: 'POST',
      headers: { authorization: seller.token, 'content-type': 'application/json' },
      body: '{"settings":',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Request body can not be decoded');
  });
});

describe('GET /photos: the cards’ photos', () => {
  it('serves every photo a card names as a generated picture of its subject, without a token; other addresses are 404', async () => {
    const page = (await cards({ cursor: { limit: 100 } })).json.cards as { nmID: number; subjectName: string; photos: { big: string }[] }[];
    const card = page.find((item) => item.photos.length >= 2)!;
    expect(card.photos[1].big).toBe(`${emulator.url}/photos/42/${card.nmID}/2.svg`);
    const photo = await fetch(card.photos[1].big);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await photo.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`>${card.subjectName}</text>`);
    expect(svg).toContain('>фото 2</text>');

    const missing = [
      `42/${card.nmID}/${card.photos.length + 1}.svg`,
      `42/${card.nmID}/0.svg`,
      `42/${card.nmID}/1.png`,
      `42/1/1.svg`,
      `43/${card.nmID}/1.svg`,
    ];
    for (const path of missing) expect((await fetch(`${emulator.url}/photos/${path}`)).status, path).toBe(404);
  });
});
