import { randomBytes, randomUUID } from 'node:crypto';

import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';

import type { Role } from '../../src/common/auth/authenticated-user';
import { KeyRing } from '../../src/common/crypto/key-ring';
import { DATABASE, Database } from '../../src/database/database.tokens';
import { brands, mpAccounts, products, users } from '../../src/database/schema';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  auth: Record<string, string>;
}

function db(t: TestApp): Database {
  return t.app.get<Database>(DATABASE);
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export async function login(
  t: TestApp,
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
  const response = await t.request({ method: 'POST', url: '/auth/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Registers through the API, sets the role in the database when it is not seller, and logs in. */
export async function createUser(t: TestApp, role: Role = 'seller', email = uniqueEmail(role)): Promise<TestUser> {
  const password = 'Secret-pass-1';
  const registered = await t.request({ method: 'POST', url: '/auth/register', payload: { email, password, displayName: `Test ${role}` } });
  expect(registered.statusCode, registered.body).toBe(201);
  const { id } = registered.json();
  if (role !== 'seller') await db(t).update(users).set({ role }).where(eq(users.id, id));
  const tokens = await login(t, email, password);
  return { id, email, password, ...tokens, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}

/** An account row with a sealed marketplace key, as the accounts routes store it. */
export async function createAccount(t: TestApp, ownerId: string, name = 'Кабинет', apiKey = 'test-marketplace-key-0000'): Promise<string> {
  const id = randomUUID();
  const sealed = t.app.get(KeyRing).seal(apiKey, id);
  await db(t)
    .insert(mpAccounts)
    .values({
      id,
      ownerId,
      name,
      keyId: sealed.keyId,
      keyNonce: sealed.nonce,
      keyCiphertext: sealed.ciphertext,
      keyTag: sealed.tag,
      keyLast4: apiKey.slice(-4),
    });
  return id;
}

/** Backdates an account's connection: a KPI window before it holds nothing to compare with. */
export async function connectedSince(t: TestApp, accountId: string, at: Date): Promise<void> {
  await db(t).update(mpAccounts).set({ createdAt: at }).where(eq(mpAccounts.id, accountId));
}

export async function createBrand(t: TestApp, mpAccountId: string, name: string): Promise<string> {
  const [row] = await db(t).insert(brands).values({ mpAccountId, name }).returning({ id: brands.id });
  return row.id;
}

/** A brand of these cards of the account, granted by an admin to a manager; answers the brand's id. */
export async function grantedBrand(t: TestApp, admin: TestUser, manager: TestUser, mpAccountId: string, nmIds: number[]): Promise<string> {
  const brandId = await createBrand(t, mpAccountId, `Бренд ${randomUUID().slice(0, 8)}`);
  await db(t)
    .update(products)
    .set({ brandId })
    .where(and(eq(products.mpAccountId, mpAccountId), inArray(products.nmId, nmIds)));
  const grant = await t.request({ method: 'POST', url: '/brand-access', headers: admin.auth, payload: { userId: manager.id, brandId } });
  expect(grant.statusCode, grant.body).toBe(201);
  return brandId;
}
