import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

import { KeyRing } from '../common/crypto/key-ring';
import { loadConfig } from '../config/app-config';
import * as schema from '../database/schema';
import { rotateAccountKeys, ROTATION_BATCH_SIZE } from '../modules/mp-accounts/mp-account-key-rotation';
import { MpAccountsRepository } from '../modules/mp-accounts/mp-accounts.repository';
import { flag } from './cli-args';
import { runCli } from './run-cli';

/**
 * ENCRYPTION_ACTIVE_KEY_ID=k2 npm run keys:rotate [-- --batch-size 100]: re-seals every account key not under the
 * active key. Safe to interrupt and to re-run; keep the old key in ENCRYPTION_KEYS until a run re-seals 0 and skips 0.
 */
runCli(async () => {
  const config = loadConfig();
  const batchSize = Number(flag('batch-size') ?? ROTATION_BATCH_SIZE);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('usage: npm run keys:rotate [-- --batch-size <positive integer>]');
  const keyRing = new KeyRing(config.encryption.keys, config.encryption.activeKeyId);
  const pool = new Pool({ connectionString: config.database.url });
  try {
    const result = await rotateAccountKeys(new MpAccountsRepository(drizzle(pool, { schema })), keyRing, {
      batchSize,
      onBatch: (resealed, total) => process.stdout.write(`batch: ${resealed} re-sealed, ${total} so far\n`),
      onSkipped: (accountId, reason) => process.stdout.write(`skipped account ${accountId}: ${reason}\n`),
    });
    process.stdout.write(`${result.resealed} account keys re-sealed under "${keyRing.activeKeyId}", ${result.skipped.length} skipped\n`);
  } finally {
    await pool.end();
  }
});
