import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { abTestImages, abTestOriginalMedia, abTestRotations, abTests, inventoryCover } from '../../../database/schema';
import type { AbRotationState, AbTestMediaItem } from '../../../database/schema/ab-tests';
import { type AbTestState, ACTIVE_AB_TEST_STATES } from '../../../shared/ab-tests/ab-test-states';
import type { AbTestRotationRow, AbTestRow } from '../tests/ab-tests.repository';

/** The states after which the card's media is put back once (or the winner put first). */
export const FINAL_MEDIA_STATES = ['completed', 'applied', 'restored', 'failed'] as const satisfies readonly AbTestState[];

/** A rotation still going: its photo settling or being measured. */
export const OPEN_ROTATION_STATES: AbRotationState[] = ['settling', 'measuring'];

export interface VariantImage {
  id: string;
  token: string;
  sha256: string;
}

export type RotationValues = Partial<Omit<AbTestRotationRow, 'id' | 'testId'>>;

/** The rotation worker's reads and writes of the tests, their original media and rotations. */
@Injectable()
export class AbRotationRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The accounts with a test the worker has something to do for: active, or ended with the card's media not put back. */
  async accountsWithWork(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: abTests.mpAccountId })
      .from(abTests)
      .where(and(isNull(abTests.deletedAt), this.hasWork()));
    return rows.map((row) => row.id);
  }

  /** The account's tests the worker has something to do for, oldest first. */
  testsWithWork(mpAccountId: string): Promise<AbTestRow[]> {
    return this.db
      .select()
      .from(abTests)
      .where(and(eq(abTests.mpAccountId, mpAccountId), isNull(abTests.deletedAt), this.hasWork()))
      .orderBy(asc(abTests.createdAt));
  }

  private hasWork() {
    return or(
      inArray(abTests.state, [...ACTIVE_AB_TEST_STATES]),
      and(
        inArray(abTests.state, [...FINAL_MEDIA_STATES]),
        isNull(abTests.finalMediaAt),
        sql`exists (select 1 from ${abTestOriginalMedia} where ${abTestOriginalMedia.testId} = ${abTests.id})`,
      ),
    );
  }

  async findTest(id: string): Promise<AbTestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(abTests)
      .where(and(eq(abTests.id, id), isNull(abTests.deletedAt)));
    return row;
  }

  /** Moves a test from one state to another; undefined when it is no longer in `from` (a user acted first). */
  async move(id: string, from: readonly AbTestState[], values: Partial<AbTestRow>): Promise<AbTestRow | undefined> {
    const [row] = await this.db
      .update(abTests)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(abTests.id, id), isNull(abTests.deletedAt), inArray(abTests.state, [...from])))
      .returning();
    return row;
  }

  async markFinalMedia(id: string): Promise<void> {
    await this.db.update(abTests).set({ finalMediaAt: new Date(), updatedAt: new Date() }).where(eq(abTests.id, id));
  }

  async images(ids: string[]): Promise<VariantImage[]> {
    const rows = await this.db
      .select({ id: abTestImages.id, token: abTestImages.token, sha256: abTestImages.sha256 })
      .from(abTestImages)
      .where(inArray(abTestImages.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async originalMedia(testId: string): Promise<AbTestMediaItem[] | undefined> {
    const [row] = await this.db
      .select({ media: abTestOriginalMedia.media })
      .from(abTestOriginalMedia)
      .where(eq(abTestOriginalMedia.testId, testId));
    return row?.media;
  }

  /** Keeps the first recording: a repeated run finds the media recorded before its own switch. */
  async recordOriginalMedia(testId: string, media: AbTestMediaItem[]): Promise<AbTestMediaItem[]> {
    await this.db.insert(abTestOriginalMedia).values({ testId, media }).onConflictDoNothing();
    return (await this.originalMedia(testId))!;
  }

  rotations(testId: string): Promise<AbTestRotationRow[]> {
    return this.db.select().from(abTestRotations).where(eq(abTestRotations.testId, testId)).orderBy(asc(abTestRotations.seq));
  }

  /** Opens rotation `seq` of the test, or answers the one a repeated run opened before. */
  async openRotation(
    testId: string,
    values: Required<Pick<AbTestRotationRow, 'seq' | 'variantIndex' | 'startedAt' | 'settleUntil'>> & RotationValues,
  ): Promise<AbTestRotationRow> {
    await this.db
      .insert(abTestRotations)
      .values({ testId, ...values })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(abTestRotations)
      .where(and(eq(abTestRotations.testId, testId), eq(abTestRotations.seq, values.seq!)));
    return row;
  }

  /** Changes a rotation while it is in one of `from`; undefined when it is not. */
  async updateRotation(id: string, from: readonly AbRotationState[], values: RotationValues): Promise<AbTestRotationRow | undefined> {
    const [row] = await this.db
      .update(abTestRotations)
      .set(values)
      .where(and(eq(abTestRotations.id, id), inArray(abTestRotations.state, [...from])))
      .returning();
    return row;
  }

  /** Whether the inventory's last computation has the card out of stock everywhere. */
  async outOfStock(mpAccountId: string, nmId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ status: inventoryCover.status })
      .from(inventoryCover)
      .where(and(eq(inventoryCover.mpAccountId, mpAccountId), eq(inventoryCover.nmId, nmId)));
    return row?.status === 'oos';
  }
}
