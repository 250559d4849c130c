import type { Database } from '../../src/database/database.tokens';
import { abTests, adCampaigns } from '../../src/database/schema';
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

/** Uploads a valid 700 × 900 image of the account and answers it. */
export async function uploadedImage(
  t: TestApp,
  user: TestUser,
  mpAccountId: string,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<{ id: string; publicUrl: string }> {
  const response = await uploadImage(t, user, [field('mpAccountId', mpAccountId), filePart(await testImage(700, 900, format))]);
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function uploadedImageId(t: TestApp, user: TestUser, mpAccountId: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  return (await uploadedImage(t, user, mpAccountId, format)).id;
}

/** A synced campaign of the account. */
export async function insertCampaign(db: Database, mpAccountId: string, advertId: number): Promise<void> {
  await db
    .insert(adCampaigns)
    .values({ mpAccountId, advertId, name: `Кампания ${advertId}`, status: 9, type: 9, bidType: 'unified', paymentType: 'cpm' })
    .onConflictDoNothing();
}

/** A test in any state, written directly (as the rotation worker would leave it). */
export async function insertAbTest(
  db: Database,
  values: Pick<typeof abTests.$inferInsert, 'mpAccountId' | 'nmId' | 'advertId' | 'variants' | 'state'> &
    Partial<typeof abTests.$inferInsert>,
): Promise<string> {
  const [row] = await db
    .insert(abTests)
    .values({ switchEveryImpressions: 2000, onFinish: 'restore', ...values })
    .returning({ id: abTests.id });
  return row.id;
}

/** A card of the account's catalog and a synced campaign of the account, as an A/B test needs them. */
export async function insertCardAndCampaign(db: Database, mpAccountId: string, nmId: number, advertId: number): Promise<void> {
  await insertProducts(db, mpAccountId, [nmId]);
  await insertCampaign(db, mpAccountId, advertId);
}
