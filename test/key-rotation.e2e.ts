import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';

import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { KeyRing } from '../src/common/crypto/key-ring';
import { DATABASE, Database } from '../src/database/database.tokens';
import { mpAccounts } from '../src/database/schema';
import { rotateAccountKeys } from '../src/modules/mp-accounts/mp-account-key-rotation';
import { MpAccountsRepository } from '../src/modules/mp-accounts/mp-accounts.repository';
import { createUser } from './support/identity';
import { BUILT_MAIN, runBuilt } from './support/spawn-service';
import { startTestApp, TestApp } from './support/test-app';

const ROTATE_CLI = join(BUILT_MAIN, '..', 'cli', 'rotate-keys.js');
const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');
const ENCRYPTION_KEYS = `k1:${K1},k2:${K2}`;

let t: TestApp;
let db: Database;
let ownerId: string;
/** The ring after the switch: k2 active, k1 still present for old records. */
let ringK2: KeyRing;

beforeAll(async () => {
  t = await startTestApp({ env: { ENCRYPTION_KEYS, ENCRYPTION_ACTIVE_KEY_ID: 'k1' } });
  db = t.app.get<Database>(DATABASE);
  ownerId = (await createUser(t)).id;
  ringK2 = new KeyRing(t.config.encryption.keys, 'k2');
});
afterAll(() => t.close());
beforeEach(async () => {
  await db.delete(mpAccounts);
});

/** Accounts with keys sealed by `ring` (k1 active unless told), inserted in one statement; returns id → plaintext. */
async function seedAccounts(count: number, ring = t.app.get(KeyRing), deleted = false): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const rows = Array.from({ length: count }, (_, index) => {
    const id = randomUUID();
    const apiKey = `mp-key-${index}-${randomBytes(24).toString('base64url')}`;
    keys.set(id, apiKey);
    const sealed = ring.seal(apiKey, id);
    return {
      id,
      ownerId,
      name: `Кабинет ${index}`,
      keyId: sealed.keyId,
      keyNonce: sealed.nonce,
      keyCiphertext: sealed.ciphertext,
      keyTag: sealed.tag,
      keyLast4: apiKey.slice(-4),
      deletedAt: deleted ? new Date() : null,
    };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(mpAccounts).values(rows.slice(start, start + 500));
  return keys;
}

async function storedRows(ids: Iterable<string>) {
  return db
    .select({
      id: mpAccounts.id,
      keyId: mpAccounts.keyId,
      nonce: mpAccounts.keyNonce,
      ciphertext: mpAccounts.keyCiphertext,
      tag: mpAccounts.keyTag,
      keyUpdatedAt: mpAccounts.keyUpdatedAt,
    })
    .from(mpAccounts)
    .where(inArray(mpAccounts.id, [...ids]))
    .orderBy(asc(mpAccounts.id));
}

/** Every row opens to its own plaintext with the k1+k2 ring; returns how many are under each key id. */
async function expectAllReadable(keys: Map<string, string>): Promise<Record<string, number>> {
  const byKeyId: Record<string, number> = {};
  const rows = await storedRows(keys.keys());
  expect(rows).toHaveLength(keys.size);
  for (const row of rows) {
    expect(ringK2.open(row, row.id)).toBe(keys.get(row.id));
    byKeyId[row.keyId] = (byKeyId[row.keyId] ?? 0) + 1;
  }
  return byKeyId;
}

function repository(): MpAccountsRepository {
  return new MpAccountsRepository(db);
}

function cliEnv(): Record<string, string> {
  return { NODE_ENV: 'test', DATABASE_URL: t.config.database.url, ENCRYPTION_KEYS, ENCRYPTION_ACTIVE_KEY_ID: 'k2' };
}

describe('rotateAccountKeys', () => {
  it('re-seals every key under the active key, deleted accounts too, to the same plaintext', async () => {
    const keys = new Map([...(await seedAccounts(7)), ...(await seedAccounts(3, undefined, true))]);
    const before = await storedRows(keys.keys());
    const batches: number[] = [];
    const result = await rotateAccountKeys(repository(), ringK2, { batchSize: 4, onBatch: (resealed) => batches.push(resealed) });
    expect(result).toEqual({ resealed: 10, skipped: [] });
    expect(batches).toEqual([4, 4, 2]);
    expect(await expectAllReadable(keys)).toEqual({ k2: 10 });
    const after = await storedRows(keys.keys());
    after.forEach((row, index) => {
      expect(row.nonce.equals(before[index].nonce)).toBe(false);
      expect(row.keyUpdatedAt).toEqual(before[index].keyUpdatedAt);
    });
    expect(await rotateAccountKeys(repository(), ringK2)).toEqual({ resealed: 0, skipped: [] });
  });

  it('reports a row whose key id is not in the ring by id and goes on with the rest', async () => {
    const keys = await seedAccounts(5);
    const [lost] = [...(await seedAccounts(1, new KeyRing(new Map([['k0', randomBytes(32)]]), 'k0'))).keys()];
    const reported: string[] = [];
    const result = await rotateAccountKeys(repository(), ringK2, {
      batchSize: 2,
      onSkipped: (accountId, reason) => reported.push(`${accountId} ${reason}`),
    });
    expect(result).toEqual({ resealed: 5, skipped: [lost] });
    expect(reported).toEqual([`${lost} Sealed secret cannot be opened: key id "k0" is not in ENCRYPTION_KEYS`]);
    expect(await expectAllReadable(keys)).toEqual({ k2: 5 });
    expect((await storedRows([lost]))[0].keyId).toBe('k0');
  });

  it('an interruption after a batch leaves every row readable, and a re-run finishes the rest', async () => {
    const keys = await seedAccounts(10);
    const interrupted = rotateAccountKeys(repository(), ringK2, {
      batchSize: 3,
      onBatch: () => {
        throw new Error('interrupted');
      },
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    expect(await expectAllReadable(keys)).toEqual({ k1: 7, k2: 3 });
    expect(await rotateAccountKeys(repository(), ringK2, { batchSize: 3 })).toEqual({ resealed: 7, skipped: [] });
    expect(await expectAllReadable(keys)).toEqual({ k2: 10 });
  });

  it('two runs at once share the rows without doing any twice', async () => {
    const keys = await seedAccounts(40);
    const runs = await Promise.all([
      rotateAccountKeys(repository(), ringK2, { batchSize: 5 }),
      rotateAccountKeys(repository(), ringK2, { batchSize: 5 }),
    ]);
    expect(runs[0].resealed + runs[1].resealed).toBe(40);
    expect(await expectAllReadable(keys)).toEqual({ k2: 40 });
  });
});

describe('npm run keys:rotate (built CLI)', () => {
  it('re-seals, prints the counts and exits 0; a key id missing from the ring is reported, not fatal', async () => {
    const keys = await seedAccounts(5);
    const [lost] = [...(await seedAccounts(1, new KeyRing(new Map([['k0', randomBytes(32)]]), 'k0'))).keys()];
    const cli = runBuilt(ROTATE_CLI, cliEnv(), ['--batch-size', '2']);
    expect(await cli.exited, cli.stderr()).toBe(0);
    expect(cli.stdout()).toContain(`skipped account ${lost}: Sealed secret cannot be opened: key id "k0" is not in ENCRYPTION_KEYS`);
    expect(cli.stdout()).toMatch(/^5 account keys re-sealed under "k2", 1 skipped$/m);
    for (const apiKey of keys.values()) expect(cli.stdout() + cli.stderr()).not.toContain(apiKey);
    expect(await expectAllReadable(keys)).toEqual({ k2: 5 });
  });

  it('killed with SIGKILL mid-run, it leaves every row readable; a re-run re-seals exactly the rest', async () => {
    const total = 300;
    const keys = await seedAccounts(total);
    const first = runBuilt(ROTATE_CLI, cliEnv(), ['--batch-size', '1']);
    first.child.stdout!.on('data', () => first.child.kill('SIGKILL'));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    const afterKill = await expectAllReadable(keys);
    const done = afterKill.k2 ?? 0;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(total);

    const second = runBuilt(ROTATE_CLI, cliEnv(), ['--batch-size', '100']);
    expect(await second.exited, second.stderr()).toBe(0);
    expect(second.stdout()).toMatch(new RegExp(`^${total - done} account keys re-sealed under "k2", 0 skipped$`, 'm'));
    expect(await expectAllReadable(keys)).toEqual({ k2: total });
    const [{ stale }] = (await db.execute<{ stale: number }>(sql`select count(*)::int as stale from mp_accounts where key_id <> 'k2'`))
      .rows;
    expect(stale).toBe(0);
  });

  it('refuses a bad batch size', async () => {
    const cli = runBuilt(ROTATE_CLI, cliEnv(), ['--batch-size', '0']);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr()).toContain('usage: npm run keys:rotate');
  });
});
