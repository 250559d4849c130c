import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { abTestImages } from '../src/database/schema';
import { uploadImage } from './support/ab-tests';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { encodeForm, field, filePart } from './support/multipart-form';
import { startTestApp, TestApp } from './support/test-app';
import { testAnimatedGif, testBmp, testExecutable, testImage } from './support/test-images';

const PUBLIC_BASE_URL = 'https://images.seller.example';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let accountId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_BASE_URL } });
  db = t.app.get<Database>(DATABASE);
  owner = await createUser(t);
  stranger = await createUser(t);
  accountId = await createAccount(t, owner.id);
});
afterAll(() => t.close());

async function storedImages(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(abTestImages).where(eq(abTestImages.mpAccountId, accountId));
  return row.n;
}

const publicPath = (publicUrl: string) => publicUrl.slice(PUBLIC_BASE_URL.length);

describe('uploading an image of an A/B test', () => {
  it.each([
    ['JPEG', 'jpeg', 'image/jpeg'],
    ['PNG', 'png', 'image/png'],
    ['WebP', 'webp', 'image/webp'],
    ['GIF', 'gif', 'image/gif'],
  ] as const)('a %s of 700 × 900 is stored and answered with its public address', async (_label, format, contentType) => {
    const bytes = await testImage(700, 900, format);
    const response = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(bytes, 'photo.bin')]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), publicUrl: expect.any(String), width: 700, height: 900 });
    expect(body.publicUrl).toMatch(/^https:\/\/images\.seller\.example\/ab-test-images\/[A-Za-z0-9_-]{22}$/);
    const [row] = await db.select().from(abTestImages).where(eq(abTestImages.id, body.id));
    expect(row).toMatchObject({ mpAccountId: accountId, contentType, width: 700, height: 900, byteSize: bytes.length });
    expect(row.bytes.equals(bytes)).toBe(true);
  });

  it('a BMP is taken too, by its content', async () => {
    const response = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(testBmp(720, 960), 'photo.jpg', 'image/jpeg')]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 720, height: 960 });
  });

  it('an image of 600 × 800 is refused, naming the minimum', async () => {
    const before = await storedImages();
    const response = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(await testImage(600, 800))]);
    const envelope = expectErrorEnvelope(response, 400, 'VALIDATION_FAILED');
    expect(envelope.message).toContain('700 × 900');
    expect(fieldErrors(envelope.details)).toEqual({ file: ['minSize'] });
    expect(await storedImages()).toBe(before);
  });

  it('a renamed executable, text, a truncated image and an animation are refused by their content', async () => {
    const before = await storedImages();
    const jpeg = await testImage(700, 900);
    for (const [bytes, errors] of [
      [testExecutable(), ['imageType']],
      [Buffer.from('просто текст, а не картинка'), ['imageType']],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), ['imageDecodable']],
      [await testAnimatedGif(), ['staticImage']],
    ] as const) {
      const response = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(bytes, 'photo.jpg', 'image/jpeg')]);
      expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ file: errors });
    }
    expect(await storedImages()).toBe(before);
  });

  it('a file over 32 MB is refused with 413 in the envelope', async () => {
    const before = await storedImages();
    const response = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(Buffer.alloc(33 * 1024 * 1024, 1))]);
    const envelope = expectErrorEnvelope(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(envelope.message).toContain('32 МБ');
    expect(await storedImages()).toBe(before);
  });

  it('the form needs mpAccountId before the file, and the file in the part named file', async () => {
    const image = await testImage(700, 900);
    const cases: [Parameters<typeof uploadImage>[2], Record<string, string[]>][] = [
      [[filePart(image)], { mpAccountId: ['beforeFile'] }],
      [[filePart(image), field('mpAccountId', accountId)], { mpAccountId: ['beforeFile'] }],
      [[field('mpAccountId', accountId)], { file: ['isDefined'] }],
      [[field('mpAccountId', accountId), filePart(image, 'a.jpg', 'image/jpeg', 'photo')], { photo: ['whitelistValidation'] }],
      [[field('mpAccountId', accountId), field('extra', '1'), filePart(image)], { extra: ['whitelistValidation'] }],
      [[field('mpAccountId', 'not-a-uuid'), filePart(image)], { mpAccountId: ['isUUID'] }],
    ];
    for (const [parts, errors] of cases) {
      const response = await uploadImage(t, owner, parts);
      expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details), response.body).toEqual(errors);
    }
  });

  it('JSON is refused with 415; a JSON body over 100 KB still with 413', async () => {
    const json = await t.request({ method: 'POST', url: '/ab-test-images', headers: owner.auth, payload: { mpAccountId: accountId } });
    expectErrorEnvelope(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = await t.request({
      method: 'POST',
      url: '/ab-test-images',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ mpAccountId: accountId, padding: 'x'.repeat(200 * 1024) }),
    });
    expectErrorEnvelope(big, 413, 'PAYLOAD_TOO_LARGE');
  });

  it("another seller's account answers 404 like an unknown one, and stores nothing", async () => {
    const before = await storedImages();
    const image = await testImage(700, 900);
    const foreign = await uploadImage(t, stranger, [field('mpAccountId', accountId), filePart(image)]);
    const unknown = await uploadImage(t, stranger, [field('mpAccountId', '00000000-0000-4000-8000-000000000000'), filePart(image)]);
    expect(expectErrorEnvelope(foreign, 404, 'NOT_FOUND').message).toBe(expectErrorEnvelope(unknown, 404, 'NOT_FOUND').message);
    expect(await storedImages()).toBe(before);
  });

  it('needs a login', async () => {
    const { payload, contentType } = encodeForm({ parts: [field('mpAccountId', accountId), filePart(await testImage(700, 900))] });
    const response = await t.request({ method: 'POST', url: '/ab-test-images', headers: { 'content-type': contentType }, payload });
    expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
  });

  it('is audited', async () => {
    const response = await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(await testImage(700, 900))]);
    const records = await auditRecordsOf(db, accountId);
    expect(records.find((record) => record.entityId === response.json().id)).toMatchObject({
      action: 'ab-test-image.upload',
      userId: owner.id,
    });
  });
});

describe('the public address of an image', () => {
  it('answers the bytes without a login, with their type, an immutable cache lifetime and an ETag', async () => {
    const bytes = await testImage(700, 900, 'png');
    const { publicUrl } = (await uploadImage(t, owner, [field('mpAccountId', accountId), filePart(bytes)])).json();
    const response = await t.request({ method: 'GET', url: publicPath(publicUrl) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    const again = await t.request({
      method: 'GET',
      url: publicPath(publicUrl),
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a wrong or malformed token is 404 in the envelope, never a redirect', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(60), '..%2F..%2Fhealth', 'a.jpg']) {
      const response = await t.request({ method: 'GET', url: `/ab-test-images/${token}` });
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('no route lists the images, with or without a login', async () => {
    for (const headers of [{}, owner.auth]) {
      const response = await t.request({ method: 'GET', url: `/ab-test-images?mpAccountId=${accountId}`, headers });
      expect(response.statusCode).toBe(404);
    }
  });
});
