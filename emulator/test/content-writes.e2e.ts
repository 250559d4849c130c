import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { ImageHost, pngOf, startImageHost } from './image-host';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const UPDATE = '/content/v2/cards/update';
const ERRORS = '/content/v2/cards/error/list';
const MEDIA_SAVE = '/content/v3/media/save';
const MEDIA_FILE = '/content/v3/media/file';

let emulator: RunningEmulator;
let seller: EmulatorSeller;
let host: ImageHost;
let nextCard = 0;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false, mediaApplyDelayMs: 0 });
  seller = await createSeller(emulator, { seed: 77, cards: 40 });
  host = await startImageHost({
    '/ab-test-images/a': { body: pngOf(700, 900), type: 'image/png' },
    '/ab-test-images/b': { body: pngOf(900, 1200), type: 'image/png' },
    '/ab-test-images/small': { body: pngOf(699, 900), type: 'image/png' },
    '/ab-test-images/page': { body: '<html><body>preview</body></html>', type: 'text/html' },
  });
});
afterAll(async () => {
  await emulator.close();
  await host.close();
});

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${emulator.url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A card no other test touches (nmIDs are consecutive from the oldest card's), as cards/list answers it. */
async function freshCard(): Promise<Record<string, any>> {
  const oldest = await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', {
    method: 'POST',
    body: { settings: { sort: { ascending: true }, cursor: { limit: 1 } } },
  });
  return readCard((oldest.json.cards[0].nmID as number) + nextCard++);
}

async function readCard(nmId: number): Promise<Record<string, any>> {
  const page = await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', {
    method: 'POST',
    body: { settings: { filter: { textSearch: String(nmId) } } },
  });
  return page.json.cards[0];
}

const update = (body: unknown) => call(emulator, seller.token, 'content', UPDATE, { method: 'POST', body });
const errorList = (body: unknown) => call(emulator, seller.token, 'content', ERRORS, { method: 'POST', body });

async function mediaChanges(nmId: number): Promise<{ status: string; reason?: string }[]> {
  return ((await (await control('GET', `/sellers/${seller.sellerId}/media-changes?nmId=${nmId}`)).json()) as { changes: [] }).changes;
}

async function settled(nmId: number, count: number): Promise<{ status: string; reason?: string }[]> {
  for (let tries = 0; tries < 100; tries += 1) {
    const changes = await mediaChanges(nmId);
    if (changes.length >= count && changes.every((change) => change.status !== 'pending')) return changes;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('media change still pending');
}

describe('POST /content/v2/cards/update', () => {
  it('overwrites the card: what is sent is stored, omitted writable fields are cleared, media and ids stay', async () => {
    const card = await freshCard();
    const sent = {
      nmID: card.nmID,
      vendorCode: card.vendorCode,
      brand: card.brand,
      title: 'Новое название',
      characteristics: [{ id: 14177449, value: ['красный'] }],
      sizes: card.sizes.map(({ chrtID, techSize, wbSize }: Record<string, unknown>) => ({ chrtID, techSize, wbSize })),
    };
    const answer = await update([sent]);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ data: null, error: false, errorText: '', additionalErrors: {} });
    const read = await readCard(card.nmID);
    expect(read).toMatchObject({
      nmID: card.nmID,
      imtID: card.imtID,
      subjectID: card.subjectID,
      brand: card.brand,
      title: 'Новое название',
      description: '',
      kizMarked: false,
      dimensions: { length: 0, width: 0, height: 0, weightBrutto: 0, isValid: false },
      characteristics: [{ id: 14177449, name: 'Цвет', value: ['красный'] }],
      photos: card.photos,
      video: card.video,
    });
    // Barcodes are only added: sizes sent without them keep theirs.
    expect(read.sizes).toEqual(card.sizes);
    const logged = (await (await control('GET', `/calls?sellerId=${seller.sellerId}&path=${UPDATE}`)).json()) as { calls: any[] };
    expect(logged.calls.at(-1)).toMatchObject({ scope: 'content', method: 'POST', status: 200, body: [sent] });
  });

  it('sending back every field as read changes nothing but updatedAt', async () => {
    const card = await freshCard();
    const { nmID, vendorCode, brand, title, description, kizMarked, sizes } = card;
    const { length, width, height, weightBrutto } = card.dimensions;
    const characteristics = card.characteristics.map(({ id, value }: Record<string, unknown>) => ({ id, value }));
    expect(
      (
        await update([
          {
            nmID,
            vendorCode,
            brand,
            title,
            description,
            kizMarked,
            dimensions: { length, width, height, weightBrutto },
            characteristics,
            sizes,
          },
        ])
      ).status,
    ).toBe(200);
    const { updatedAt: _before, ...unchanged } = card;
    const { updatedAt, ...after } = await readCard(nmID);
    expect(after).toEqual(unchanged);
    expect(Date.parse(updatedAt)).toBeGreaterThan(Date.parse(card.updatedAt));
  });

  it('a body against the schema is 400 and changes nothing', async () => {
    const card = await freshCard();
    const base = { nmID: card.nmID, vendorCode: card.vendorCode, sizes: [{ chrtID: card.sizes[0].chrtID }] };
    for (const body of [
      {},
      [],
      [{ ...base, title: 'х'.repeat(61) }],
      [{ ...base, sizes: undefined }],
      [{ ...base, nmID: '1' }],
      [base, base],
    ]) {
      const answer = await update(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json).toMatchObject({ data: null, error: true, errorText: expect.any(String) });
    }
    expect(await readCard(card.nmID)).toEqual(card);
  });

  it('a card the marketplace refuses is answered 200, left as it was, and listed with its errors until corrected', async () => {
    const card = await freshCard();
    const base = { nmID: card.nmID, vendorCode: card.vendorCode, title: 'Другое', sizes: [{ chrtID: card.sizes[0].chrtID }] };
    expect((await update([{ ...base, characteristics: [{ id: 1, value: ['x'] }], description: 'о'.repeat(2001) }])).status).toBe(200);
    expect(await readCard(card.nmID)).toEqual(card);
    const batch = (await errorList({})).json.data.items.find((item: any) => item.vendorCodes.includes(card.vendorCode));
    expect(batch.errors[card.vendorCode]).toEqual([
      'Превышена максимальная длина поля Описание: 2000 символов',
      `Характеристика 1 не относится к предмету ${card.subjectName}`,
    ]);
    expect(batch.subjects[card.vendorCode]).toEqual({ id: card.subjectID, name: card.subjectName });
    expect((await update([base])).status).toBe(200);
    expect((await readCard(card.nmID)).title).toBe('Другое');
    const items = (await errorList({})).json.data.items;
    expect(items.some((item: any) => item.vendorCodes.includes(card.vendorCode))).toBe(false);
  });

  it('a failure scripted for a card: 200, nothing applied, an error-list entry; cleared, the update applies', async () => {
    const card = await freshCard();
    const other = await freshCard();
    const scripted = await control('PUT', `/sellers/${seller.sellerId}/cards/${card.nmID}/update-errors`, {
      errors: ['Карточка на модерации'],
    });
    expect(scripted.status).toBe(200);
    const item = (of: Record<string, any>) => ({
      nmID: of.nmID,
      vendorCode: of.vendorCode,
      title: 'Пробная',
      sizes: [{ chrtID: of.sizes[0].chrtID }],
    });
    expect((await update([item(card), item(other)])).json.error).toBe(false);
    expect(await readCard(card.nmID)).toEqual(card);
    expect((await readCard(other.nmID)).title).toBe('Пробная');
    const batch = (await errorList({})).json.data.items.at(-1);
    expect(batch).toMatchObject({ vendorCodes: [card.vendorCode], errors: { [card.vendorCode]: ['Карточка на модерации'] } });
    expect(batch.batchUUID).toMatch(/^[0-9a-f-]{36}$/);
    await control('PUT', `/sellers/${seller.sellerId}/cards/${card.nmID}/update-errors`, { errors: [] });
    await update([item(card)]);
    expect((await readCard(card.nmID)).title).toBe('Пробная');
  });
});

describe('POST /content/v2/cards/error/list', () => {
  it('pages batches with the updatedAt + batchUUID cursor until next is false, in either order', async () => {
    const card = await freshCard();
    await control('PUT', `/sellers/${seller.sellerId}/cards/${card.nmID}/update-errors`, { errors: ['Ошибка'] });
    const before = (await errorList({})).json.data.items.length;
    for (let n = 0; n < 5; n += 1)
      await update([{ nmID: card.nmID, vendorCode: `${card.vendorCode}-${n}`, sizes: [{ chrtID: card.sizes[0].chrtID }] }]);
    const all = (await errorList({ cursor: { limit: 100 } })).json.data;
    expect(all.items).toHaveLength(before + 5);
    expect(all.cursor.next).toBe(false);

    const walk = async (ascending: boolean) => {
      const seen: string[] = [];
      let cursor: Record<string, unknown> = { limit: 2 };
      for (let pages = 1; pages < 20; pages += 1) {
        const page = (await errorList({ cursor, order: { ascending } })).json.data;
        seen.push(...page.items.map((item: { batchUUID: string }) => item.batchUUID));
        if (!page.cursor.next) return seen;
        cursor = { limit: 2, updatedAt: page.cursor.updatedAt, batchUUID: page.cursor.batchUUID };
      }
      throw new Error('no last page');
    };
    const ascending = await walk(true);
    expect(ascending).toEqual(all.items.map((item: { batchUUID: string }) => item.batchUUID));
    expect(await walk(false)).toEqual([...ascending].reverse());
  });

  it('a cursor limit over 100 or a wrong type is 400', async () => {
    for (const body of [{ cursor: { limit: 101 } }, { cursor: { limit: 'ten' } }, { order: { ascending: 'yes' } }, { cursor: 'x' }]) {
      expect((await errorList(body)).status).toBe(400);
    }
  });
});

describe('POST /content/v3/media/save', () => {
  it('fetches every linked file and, after the delay, makes them the card photos, hosted by the marketplace', async () => {
    await control('PUT', '/settings', { mediaApplyDelayMs: 300 });
    try {
      const card = await freshCard();
      const links = [`${host.url}/ab-test-images/b`, `${host.url}/ab-test-images/a`];
      const answer = await call(emulator, seller.token, 'content', MEDIA_SAVE, { method: 'POST', body: { nmId: card.nmID, data: links } });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ data: {}, error: false, errorText: '', additionalErrors: null });
      expect((await readCard(card.nmID)).photos).toEqual(card.photos);
      expect(await settled(card.nmID, 1)).toMatchObject([{ status: 'applied' }]);
      expect(host.requests).toEqual(expect.arrayContaining(['/ab-test-images/b', '/ab-test-images/a']));
      const read = await readCard(card.nmID);
      expect(read.photos).toHaveLength(2);
      for (const photo of read.photos) {
        expect(Object.keys(photo).sort()).toEqual(['big', 'c246x328', 'c516x688', 'hq', 'square', 'tm']);
        expect(photo.big).toMatch(new RegExp(`^${emulator.url}/photos/media/`));
      }
      const first = await fetch(read.photos[0].big);
      expect(first.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await first.arrayBuffer()).readUInt32BE(16)).toBe(900);
      const logged = (await (await control('GET', `/calls?sellerId=${seller.sellerId}&path=${MEDIA_SAVE}`)).json()) as { calls: any[] };
      expect(logged.calls.at(-1)).toMatchObject({ status: 200, body: { nmId: card.nmID, data: links } });
    } finally {
      await control('PUT', '/settings', { mediaApplyDelayMs: 0 });
    }
  });

  it.each([
    ['an image below 700×900', 'small', /699×900/],
    ['a link to a page', 'page', /не является изображением/],
    ['a link that is not there', 'missing', /404/],
  ])('%s: still 200, and nothing of the set is applied', async (_name, file, reason) => {
    const card = await freshCard();
    const links = [`${host.url}/ab-test-images/a`, `${host.url}/ab-test-images/${file}`];
    expect(
      (await call(emulator, seller.token, 'content', MEDIA_SAVE, { method: 'POST', body: { nmId: card.nmID, data: links } })).status,
    ).toBe(200);
    const [change] = await settled(card.nmID, 1);
    expect(change.status).toBe('rejected');
    expect(change.reason).toMatch(reason);
    expect((await readCard(card.nmID)).photos).toEqual(card.photos);
  });

  it('a body without nmId is 422, other malformed ones 400', async () => {
    const send = (body: unknown) => call(emulator, seller.token, 'content', MEDIA_SAVE, { method: 'POST', body });
    expect((await send({ data: [] })).status).toBe(422);
    expect((await send({ nmId: '1', data: [] })).status).toBe(400);
    expect((await send({ nmId: 1, data: 'x' })).status).toBe(400);
    expect((await send({ nmId: 1, data: [] })).json).toMatchObject({ error: true, errorText: 'Карточка товара не найдена' });
  });
});

describe('POST /content/v3/media/file', () => {
  const upload = (nmId: number, position: number, bytes: Buffer, type = 'image/png') => {
    const form = new FormData();
    form.append('uploadfile', new Blob([bytes], { type }), 'photo.png');
    return fetch(`${emulator.url}/content${MEDIA_FILE}`, {
      method: 'POST',
      headers: { authorization: seller.token, 'X-Nm-Id': String(nmId), 'X-Photo-Number': String(position) },
      body: form,
    });
  };

  it('appends an image past the last position and replaces one within them', async () => {
    const card = await freshCard();
    const count = card.photos.length;
    expect((await upload(card.nmID, count + 5, pngOf(800, 1000))).status).toBe(200);
    await settled(card.nmID, 1);
    const appended = await readCard(card.nmID);
    expect(appended.photos).toHaveLength(count + 1);
    expect(appended.photos.slice(0, count)).toEqual(card.photos);
    expect((await upload(card.nmID, 1, pngOf(800, 1000))).status).toBe(200);
    await settled(card.nmID, 2);
    const replaced = await readCard(card.nmID);
    expect(replaced.photos).toHaveLength(count + 1);
    expect(replaced.photos[0].big).not.toBe(appended.photos[0].big);
  });

  it('refuses a file below the rules, missing headers, and a body without its boundary', async () => {
    const card = await freshCard();
    const small = await upload(card.nmID, 1, pngOf(700, 899));
    expect(small.status).toBe(400);
    expect(await small.json()).toMatchObject({ data: null, error: true });
    const noBoundary = await fetch(`${emulator.url}/content${MEDIA_FILE}`, {
      method: 'POST',
      headers: { authorization: seller.token, 'content-type': 'multipart/form-data', 'X-Nm-Id': String(card.nmID), 'X-Photo-Number': '1' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.text()).toBe("Invalid 'boundary' for 'multipart/form-data' request");
    expect((await upload(card.nmID, 0, pngOf(800, 1000))).status).toBe(400);
    expect(await readCard(card.nmID)).toEqual(card);
  });
});

describe('cards changed around the service (control API)', () => {
  it('photos set by someone else and text changed on the marketplace show in cards/list at once', async () => {
    const card = await freshCard();
    const media = await control('PUT', `/sellers/${seller.sellerId}/cards/${card.nmID}/media`, { photos: ['https://elsewhere/1.jpg'] });
    expect(media.status).toBe(200);
    const edited = await control('PATCH', `/sellers/${seller.sellerId}/cards/${card.nmID}`, { title: 'Изменено в кабинете' });
    expect(edited.status).toBe(200);
    const read = await readCard(card.nmID);
    expect(read.photos).toEqual([
      {
        big: 'https://elsewhere/1.jpg',
        c246x328: 'https://elsewhere/1.jpg',
        c516x688: 'https://elsewhere/1.jpg',
        square: 'https://elsewhere/1.jpg',
        tm: 'https://elsewhere/1.jpg',
        hq: 'https://elsewhere/1.jpg',
      },
    ]);
    expect(read).toMatchObject({ title: 'Изменено в кабинете', description: card.description });
    expect((await control('PATCH', `/sellers/${seller.sellerId}/cards/${card.nmID}`, { photos: [] })).status).toBe(400);
  });
});

describe('limits of the content writes', () => {
  it('cards/update allows a burst of 5, then 429; the media calls share one bucket', async () => {
    const limited = await startEmulator({ mediaApplyDelayMs: 0 });
    try {
      const own = await createSeller(limited, { seed: 78, cards: 5 });
      const statuses: number[] = [];
      for (let n = 0; n < 6; n += 1)
        statuses.push((await call(limited, own.token, 'content', UPDATE, { method: 'POST', body: [] })).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      for (let n = 0; n < 5; n += 1) await call(limited, own.token, 'content', MEDIA_SAVE, { method: 'POST', body: {} });
      const file = await fetch(`${limited.url}/content${MEDIA_FILE}`, { method: 'POST', headers: { authorization: own.token } });
      expect(file.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
