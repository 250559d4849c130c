import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { abTestImages } from '../../../database/schema';

export type AbTestImageValues = Omit<typeof abTestImages.$inferInsert, 'id' | 'createdAt'>;
export type AbTestImageMeta = Pick<typeof abTestImages.$inferSelect, 'id' | 'mpAccountId' | 'token' | 'width' | 'height'>;
export type PublicImage = Pick<typeof abTestImages.$inferSelect, 'contentType' | 'byteSize' | 'sha256' | 'bytes'>;

/** Every query of the A/B test images; the bytes are read only for the public address. */
@Injectable()
export class AbTestImagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: AbTestImageValues): Promise<AbTestImageMeta> {
    const [row] = await this.db.insert(abTestImages).values(values).returning({
      id: abTestImages.id,
      mpAccountId: abTestImages.mpAccountId,
      token: abTestImages.token,
      width: abTestImages.width,
      height: abTestImages.height,
    });
    return row;
  }

  /** Whether the token's image is still there (its account not removed), without reading its bytes. */
  async exists(token: string): Promise<boolean> {
    const rows = await this.db.select({ id: abTestImages.id }).from(abTestImages).where(eq(abTestImages.token, token));
    return rows.length > 0;
  }

  async findByToken(token: string): Promise<PublicImage | undefined> {
    const [row] = await this.db
      .select({
        contentType: abTestImages.contentType,
        byteSize: abTestImages.byteSize,
        sha256: abTestImages.sha256,
        bytes: abTestImages.bytes,
      })
      .from(abTestImages)
      .where(eq(abTestImages.token, token));
    return row;
  }
}
