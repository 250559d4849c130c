import { Inject, Injectable, Logger } from '@nestjs/common';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import type { AbTestMediaItem } from '../../../database/schema/ab-tests';
import { AuditService } from '../../audit/audit.service';
import { publicImageUrl } from '../images/ab-test-images.service';
import type { AbTestRow } from '../tests/ab-tests.repository';
import { AbRotationRepository, OPEN_ROTATION_STATES, VariantImage } from './ab-rotation.repository';
import { AbRotationMarketplace, MediaSaveOutcome } from './ab-rotation-marketplace';
import { cardHeldByTest, mediaWithFirst, sameMedia } from './card-media';
import { MediaFingerprints } from './media-fingerprints';

/** Who changed the card: a user's action, or the worker on its own (scheduled runs). */
export type MediaActor = { userId: string } | 'system';

/** Every write of an A/B test to the card's media: audited, and at a test's end once and only when needed. */
@Injectable()
export class AbTestCardWriter {
  private readonly logger = new Logger('AbRotation');

  constructor(
    private readonly repository: AbRotationRepository,
    private readonly marketplace: AbRotationMarketplace,
    private readonly fingerprints: MediaFingerprints,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The set with this image first and the rest of the original set. */
  withFirst(original: AbTestMediaItem[], image: VariantImage): string[] {
    return mediaWithFirst(original, publicImageUrl(this.config, image.token));
  }

  /** The media call, audited with what the card had, what was sent, why and by whom. */
  async write(
    test: AbTestRow,
    urls: string[],
    reason: string,
    actor: MediaActor,
    before?: AbTestMediaItem[] | null,
  ): Promise<MediaSaveOutcome> {
    const had = before === undefined ? await this.marketplace.media(test.mpAccountId, test.nmId) : before;
    const sent = await this.marketplace.saveMedia(test.mpAccountId, test.nmId, urls);
    await this.audit.record({
      action: 'ab-test.media',
      userId: actor === 'system' ? null : actor.userId,
      mpAccountId: test.mpAccountId,
      entityType: 'ab-test',
      entityId: test.id,
      details: {
        nmId: test.nmId,
        reason,
        by: actor === 'system' ? 'system' : 'user',
        before: (had ?? []).map((item) => item.url),
        after: urls,
        ...(sent.sent ? {} : { refused: sent.reason }),
      },
    });
    return sent;
  }

  /**
   * Once a test has ended: its open rotation cut, then the winner first and the rest of the original set (applied), or
   * the original media back in the original order (every other end). Nothing is sent when the card already shows it.
   */
  async finish(test: AbTestRow, actor: MediaActor, known?: VariantImage[]): Promise<'media-restored' | 'media-unchanged' | 'idle'> {
    for (const open of (await this.repository.rotations(test.id)).filter((rotation) => OPEN_ROTATION_STATES.includes(rotation.state)))
      await this.repository.updateRotation(open.id, OPEN_ROTATION_STATES, { state: 'cut', endedAt: new Date() });
    const original = await this.repository.originalMedia(test.id);
    if (!original) {
      await this.repository.markFinalMedia(test.id);
      return 'idle';
    }
    const images = known ?? (await this.repository.images(test.variants));
    const winner = test.state === 'applied' && test.winnerIndex !== null ? images[test.winnerIndex] : undefined;
    const seen = await this.marketplace.media(test.mpAccountId, test.nmId);
    const card = seen ? await this.fingerprints.of(seen, original) : [];
    const already = winner ? cardHeldByTest(card, original, [winner.sha256]) : sameMedia(card, original);
    if (!already) {
      const urls = winner ? this.withFirst(original, winner) : original.map((item) => item.url);
      const reason = winner ? 'фото победителя' : 'исходные фото';
      const sent = await this.write(test, urls, reason, actor, seen);
      if (!sent.sent) this.logger.warn(`A/B test ${test.id}: ${reason} не отправлены: ${sent.reason}`);
    }
    await this.repository.markFinalMedia(test.id);
    return already ? 'media-unchanged' : 'media-restored';
  }
}
