import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { abTestImages, abTestRotations, abTests, adCampaigns } from '../../../database/schema';
import { SoftDeleteRows } from '../../../database/soft-delete-rows';
import { type AbTestState, ACTIVE_AB_TEST_STATES } from '../../../shared/ab-tests/ab-test-states';

export type AbTestRow = typeof abTests.$inferSelect;
export type AbTestValues = Omit<typeof abTests.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type AbTestRotationRow = typeof abTestRotations.$inferSelect;
export type AbTestVariantImageRow = Pick<typeof abTestImages.$inferSelect, 'id' | 'token' | 'width' | 'height'>;

const SORT_COLUMNS = { createdAt: abTests.createdAt };

export interface AbTestListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  accountId: string;
  state?: AbTestState;
  nmId?: number;
}

/** Every query of the A/B tests; a deleted test is invisible to all of them. */
@Injectable()
export class AbTestsRepository implements EntityAccounts {
  private readonly rows: SoftDeleteRows<typeof abTests>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.rows = new SoftDeleteRows(db, abTests);
  }

  findLive(mpAccountId: string, id: string): Promise<AbTestRow | undefined> {
    return this.rows.findLive(mpAccountId, id);
  }

  accountOf(id: string): Promise<string | undefined> {
    return this.rows.accountOf(id);
  }

  async insert(values: AbTestValues): Promise<AbTestRow> {
    const [row] = await this.db.insert(abTests).values(values).returning();
    return row;
  }

  findPage(filter: AbTestListFilter): Promise<Page<AbTestRow>> {
    const where = and(
      eq(abTests.mpAccountId, filter.accountId),
      isNull(abTests.deletedAt),
      filter.state === undefined ? undefined : eq(abTests.state, filter.state),
      filter.nmId === undefined ? undefined : eq(abTests.nmId, filter.nmId),
    );
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: abTests.id },
      this.db.select().from(abTests).where(where).$dynamic(),
      this.db.select({ total: count() }).from(abTests).where(where),
    );
  }

  /** Changes a live test that is still in one of `from`; undefined when it is not (another request moved it first). */
  async updateIn(id: string, from: readonly AbTestState[], values: Partial<AbTestValues>): Promise<AbTestRow | undefined> {
    const [row] = await this.db
      .update(abTests)
      .set({ ...values, updatedAt: new Date() })
      .where(and(this.rows.live(id), inArray(abTests.state, [...from])))
      .returning();
    return row;
  }

  async softDeleteIn(id: string, from: readonly AbTestState[]): Promise<boolean> {
    const rows = await this.db
      .update(abTests)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(this.rows.live(id), inArray(abTests.state, [...from])))
      .returning({ id: abTests.id });
    return rows.length > 0;
  }

  /** Another active test of the account on the same card or the same campaign. */
  async activeRival(
    test: Pick<AbTestRow, 'id' | 'mpAccountId' | 'nmId' | 'advertId'>,
  ): Promise<Pick<AbTestRow, 'id' | 'nmId' | 'advertId'> | undefined> {
    const [row] = await this.db
      .select({ id: abTests.id, nmId: abTests.nmId, advertId: abTests.advertId })
      .from(abTests)
      .where(
        and(
          eq(abTests.mpAccountId, test.mpAccountId),
          isNull(abTests.deletedAt),
          ne(abTests.id, test.id),
          inArray(abTests.state, [...ACTIVE_AB_TEST_STATES]),
          or(eq(abTests.nmId, test.nmId), eq(abTests.advertId, test.advertId)),
        ),
      )
      .limit(1);
    return row;
  }

  /** The ids among `imageIds` that are not images of the account. */
  async missingImages(mpAccountId: string, imageIds: string[]): Promise<string[]> {
    const found = await this.db
      .select({ id: abTestImages.id })
      .from(abTestImages)
      .where(and(eq(abTestImages.mpAccountId, mpAccountId), inArray(abTestImages.id, imageIds)));
    const known = new Set(found.map((row) => row.id));
    return imageIds.filter((id) => !known.has(id));
  }

  /** The images among `imageIds`, without their bytes. */
  variantImages(imageIds: string[]): Promise<AbTestVariantImageRow[]> {
    if (imageIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: abTestImages.id, token: abTestImages.token, width: abTestImages.width, height: abTestImages.height })
      .from(abTestImages)
      .where(inArray(abTestImages.id, imageIds));
  }

  async hasCampaign(mpAccountId: string, advertId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql`1` })
      .from(adCampaigns)
      .where(and(eq(adCampaigns.mpAccountId, mpAccountId), eq(adCampaigns.advertId, advertId)));
    return row !== undefined;
  }

  rotations(testId: string): Promise<AbTestRotationRow[]> {
    return this.db.select().from(abTestRotations).where(eq(abTestRotations.testId, testId)).orderBy(asc(abTestRotations.startedAt));
  }
}
