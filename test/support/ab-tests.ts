import type { Database } from '../../src/database/database.tokens';
import { adCampaigns } from '../../src/database/schema';
import type { TestUser } from './identity';
import { encodeForm, field, filePart } from './multipart-form';
import { insertProducts } from './pricing-catalog';
import type { TestApp } from './test-app';
import { testImage } from './test-images';

/** Sends an upload form to POST /ab-test-images. */
export function uploadImage(t: TestApp, user: TestUser, parts: Parameters<typeof encodeForm>[0]['parts']) {
  const { payload, contentType } = encodeForm({ parts });
  return t.request({ method: 'POST', url: '/ab-test-images', headers: { ...user.auth, 'content-type': contentType }, payload });
}

/** Uploads a valid 700 × 900 image of the account and answers its id. */
export async function uploadedImageId(t: TestApp, user: TestUser, mpAccountId: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const response = await uploadImage(t, user, [field('mpAccountId', mpAccountId), filePart(await testImage(700, 900, format))]);
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** A card of the account's catalog and a synced campaign of the account, as an A/B test needs them. */
export async function insertCardAndCampaign(db: Database, mpAccountId: string, nmId: number, advertId: number): Promise<void> {
  await insertProducts(db, mpAccountId, [nmId]);
  await db
    .insert(adCampaigns)
    .values({ mpAccountId, advertId, name: `Кампания ${advertId}`, status: 9, type: 9, bidType: 'unified', paymentType: 'cpm' })
    .onConflictDoNothing();
}
