import { KeyRing, SealedSecretError } from '../../common/crypto/key-ring';
import { MpAccountsRepository } from './mp-accounts.repository';

export const ROTATION_BATCH_SIZE = 100;

export interface KeyRotationOptions {
  batchSize?: number;
  /** After each committed batch: how many keys it re-sealed and how many so far. */
  onBatch?: (resealed: number, total: number) => void;
  /** A key that does not open (its key id is not in the ring, or it fails authentication); the row is left as it is. */
  onSkipped?: (accountId: string, reason: string) => void;
}

export interface KeyRotationResult {
  resealed: number;
  skipped: string[];
}

/**
 * Re-seals every account key (deleted accounts too) that is not under the active key id. Each batch is its own
 * transaction and a row is rewritten in one UPDATE, so an interruption at any point leaves every row sealed under
 * either its old key or the active one, both in the ring: every row stays readable and a re-run does the rest.
 * Concurrent runs share the work (SKIP LOCKED).
 */
export async function rotateAccountKeys(
  repository: MpAccountsRepository,
  keyRing: KeyRing,
  options: KeyRotationOptions = {},
): Promise<KeyRotationResult> {
  const batchSize = options.batchSize ?? ROTATION_BATCH_SIZE;
  const skipped: string[] = [];
  let total = 0;
  for (;;) {
    const batch = await repository.resealBatch(keyRing.activeKeyId, skipped, batchSize, ({ accountId, sealed }) => {
      try {
        return keyRing.seal(keyRing.open(sealed, accountId), accountId);
      } catch (error) {
        if (!(error instanceof SealedSecretError)) throw error;
        skipped.push(accountId);
        options.onSkipped?.(accountId, error.message);
        return null;
      }
    });
    if (batch.locked === 0) return { resealed: total, skipped };
    total += batch.resealed;
    options.onBatch?.(batch.resealed, total);
  }
}
