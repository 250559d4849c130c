import { Inject, Injectable, Logger } from '@nestjs/common';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { errorSummary } from '../../../common/errors/error-log';
import { moscowToday } from '../../../common/time/moscow-time';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import type { AbTestMediaItem } from '../../../database/schema/ab-tests';
import type { AbTestState } from '../../../shared/ab-tests/ab-test-states';
import { statesAllowing } from '../../../shared/ab-tests/ab-test-states';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds';
import { AuditService } from '../../audit/audit.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { abResults, ctrUpliftPct } from '../engine/ab-results';
import { nextVariant } from '../engine/abba-schedule';
import type { CounterSnapshot } from '../engine/variant-counts';
import { variantCounts } from '../engine/variant-counts';
import { rotationSnapshots } from '../tests/ab-test-view';
import type { AbTestRotationRow, AbTestRow } from '../tests/ab-tests.repository';
import { AbRotationRepository, FINAL_MEDIA_STATES, OPEN_ROTATION_STATES, VariantImage } from './ab-rotation.repository';
import { AbRotationMarketplace } from './ab-rotation-marketplace';
import { AbTestCardWriter, MediaActor } from './ab-test-card-writer';
import { AbTestPauseReasons } from './ab-test-pause-reasons';
import { cardHeldByTest, mediaShape } from './card-media';
import { MediaFingerprints } from './media-fingerprints';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const OPEN = OPEN_ROTATION_STATES;

/** What one run did to one test, for the job's result. */
export type RotationOutcome =
  | 'began'
  | 'waiting'
  | 'switched'
  | 'verified'
  | 'measuring'
  | 'paused'
  | 'resumed'
  | 'completed'
  | 'failed'
  | 'interrupted'
  | 'media-restored'
  | 'media-unchanged'
  | 'idle';

const INTERRUPTED_REASON = 'Фото карточки изменены вне сервиса';

/** The wait before the card is read back after a switch (the marketplace applies a media call later). */
export function verifyDue(rotation: AbTestRotationRow, verifyMs: number, now: Date): boolean {
  return rotation.mediaSentAt !== null && now.getTime() >= rotation.mediaSentAt.getTime() + verifyMs;
}

/**
 * Spec (A/B tests): the rotation worker. Each run moves every test of an account one step from what it finds now, and
 * writes only what the evidence asks for: the card's first photo at a switch, the original media at the end. A run
 * repeated (killed and run again) finds the rotation it opened (keyed by test and number) and the media call it sent.
 */
@Injectable()
export class AbRotationService {
  private readonly logger = new Logger('AbRotation');

  constructor(
    private readonly repository: AbRotationRepository,
    private readonly marketplace: AbRotationMarketplace,
    private readonly fingerprints: MediaFingerprints,
    private readonly cards: AbTestCardWriter,
    private readonly pauses: AbTestPauseReasons,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly accounts: AccountsReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One run over the account's tests (or one test of it); a test whose step fails does not hold up the others. */
  async runAccount(mpAccountId: string, only?: { testId: string; actor: MediaActor }): Promise<Record<string, RotationOutcome>> {
    const tests = (await this.repository.testsWithWork(mpAccountId)).filter((test) => !only || test.id === only.testId);
    const outcomes: Record<string, RotationOutcome> = {};
    let failure: unknown;
    for (const test of tests) {
      try {
        outcomes[test.id] = await this.advance(test, only?.actor ?? 'system', new Date());
      } catch (error) {
        this.logger.warn(`A/B test ${test.id}: ${errorSummary(error)}`);
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return outcomes;
  }

  private async advance(test: AbTestRow, actor: MediaActor, now: Date): Promise<RotationOutcome> {
    if ((FINAL_MEDIA_STATES as readonly AbTestState[]).includes(test.state)) return this.cards.finish(test, actor);
    if (test.state === 'scheduled') return this.begin(test, actor, now);
    const original = await this.repository.originalMedia(test.id);
    if (!original) return 'idle';
    if (test.state === 'running') return this.step(test, original, now);
    if (test.state === 'paused') return this.whilePaused(test, original, now);
    return 'idle';
  }

  /** scheduled → running: the card's original media recorded (once), the first (or next) rotation opened. */
  private async begin(test: AbTestRow, actor: MediaActor, now: Date): Promise<RotationOutcome> {
    const images = await this.repository.images(test.variants);
    if (images.length !== test.variants.length) return this.fail(test, 'Изображение варианта удалено');
    const card = await this.marketplace.media(test.mpAccountId, test.nmId);
    if (!card) return this.fail(test, 'Карточка не найдена на маркетплейсе');
    if (!card.some((item) => item.kind === 'photo')) return this.fail(test, 'У карточки нет фото');
    const original =
      (await this.repository.originalMedia(test.id)) ??
      (await this.repository.recordOriginalMedia(test.id, await this.fingerprints.of(card)));
    const price = test.priceAtStart ?? (await this.pauses.price(test));
    const reason = await this.pauses.of({ ...test, priceAtStart: price });
    if (reason) {
      if (test.stateReason !== reason) await this.repository.move(test.id, ['scheduled'], { stateReason: reason });
      return 'waiting';
    }
    const running = await this.repository.move(test.id, statesAllowing('begin'), {
      state: 'running',
      stateReason: null,
      startedAt: test.startedAt ?? now,
      priceAtStart: price,
    });
    if (!running) return 'idle';
    const open = (await this.repository.rotations(test.id)).find((rotation) => OPEN.includes(rotation.state));
    if (open && open.mediaSentAt !== null) await this.cut(running, open, now);
    await this.openNext(running, original, images, now, actor);
    return 'began';
  }

  /** A running test: the card checked, then the settle end, the switch or the end, whichever is due. */
  private async step(test: AbTestRow, original: AbTestMediaItem[], now: Date): Promise<RotationOutcome> {
    const images = await this.repository.images(test.variants);
    const rotations = await this.repository.rotations(test.id);
    const current = rotations.find((rotation) => OPEN.includes(rotation.state));
    if (!current || current.mediaSentAt === null) return this.openNext(test, original, images, now).then(() => 'switched');
    const held = await this.checkCard(test, original, images, rotations, current, now);
    if (held !== 'held') return held;
    const reason = await this.pauses.of(test);
    if (reason) {
      await this.cut(test, current, now);
      await this.repository.move(test.id, statesAllowing('auto-pause'), { state: 'paused', stateReason: reason });
      return 'paused';
    }
    if (current.state === 'settling') {
      if (now < current.settleUntil) return 'measuring';
      const at = await this.counters(test, now);
      await this.repository.updateRotation(current.id, ['settling'], {
        state: 'measuring',
        viewsAtStart: at.views,
        clicksAtStart: at.clicks,
      });
      return 'measuring';
    }
    const at = await this.counters(test, now);
    if (!this.switchDue(test, current, at, now)) return 'measuring';
    const done = await this.repository.updateRotation(current.id, ['measuring'], {
      state: 'done',
      endedAt: now,
      viewsAtEnd: at.views,
      clicksAtEnd: at.clicks,
    });
    if (!done) return 'idle';
    const all = rotations.map((rotation) => (rotation.id === done.id ? done : rotation));
    const counts = variantCounts(test.variants.length, all.map(rotationSnapshots));
    if (counts.every((count) => count.views >= test.targetImpressionsPerVariant)) return this.complete(test, all, images);
    await this.openNext(test, original, images, now, 'system', at);
    return 'switched';
  }

  /**
   * The card as the test left it? After a switch's wait the variant must be first (else the marketplace refused the
   * file: failed, the original put back); any time the first photo must be the variant (or, within the settle window
   * or before the switch is read back, the previous one) and the rest the original's, or someone else changed the
   * card: interrupted, and nothing more is written to it.
   */
  private async checkCard(
    test: AbTestRow,
    original: AbTestMediaItem[],
    images: VariantImage[],
    rotations: AbTestRotationRow[],
    current: AbTestRotationRow,
    now: Date,
  ): Promise<'held' | RotationOutcome> {
    const seen = await this.marketplace.media(test.mpAccountId, test.nmId);
    if (!seen) return this.interrupt(test, current, now, 'Карточка не найдена на маркетплейсе');
    const card = await this.fingerprints.of(seen, [...(current.cardMedia ?? []), ...original]);
    const variant = images[current.variantIndex].sha256;
    const previous = this.previousFirst(original, images, rotations, current);
    const verified = current.verifiedAt !== null;
    const due = verifyDue(current, this.config.abTests.verifyMs, now);
    const allowed = verified && now >= current.settleUntil ? [variant] : [variant, previous];
    if (!cardHeldByTest(card, original, allowed)) return this.interrupt(test, current, now, INTERRUPTED_REASON);
    if (verified) return 'held';
    if (mediaShape(card).first === variant) {
      await this.repository.updateRotation(current.id, OPEN, { verifiedAt: now, cardMedia: card });
      return 'held';
    }
    if (!due) return 'verified';
    return this.fail(test, `Маркетплейс не применил фото варианта ${current.variantIndex + 1}: файл не прошёл его проверку`, current, now);
  }

  /** The fingerprint of the first photo before the current rotation's switch. */
  private previousFirst(
    original: AbTestMediaItem[],
    images: VariantImage[],
    rotations: AbTestRotationRow[],
    current: AbTestRotationRow,
  ): string {
    const before = rotations.filter((rotation) => (rotation.seq ?? 0) < (current.seq ?? 0) && rotation.mediaSentAt !== null).at(-1);
    return before ? images[before.variantIndex].sha256 : (mediaShape(original).first ?? '');
  }

  /** A paused test: its open rotation cut; a pause of the worker's own follows its reason and ends when none holds. */
  private async whilePaused(test: AbTestRow, original: AbTestMediaItem[], now: Date): Promise<RotationOutcome> {
    const open = (await this.repository.rotations(test.id)).find((rotation) => OPEN.includes(rotation.state));
    if (open) await this.cut(test, open, now);
    if (test.stateReason === 'manual') return 'paused';
    const reason = await this.pauses.of(test);
    if (reason) {
      // The reason shown is the one that holds now (the price back, the stock gone).
      if (reason !== test.stateReason) await this.repository.move(test.id, ['paused'], { stateReason: reason });
      return 'paused';
    }
    const resumed = await this.repository.move(test.id, statesAllowing('resume'), { state: 'running', stateReason: null });
    if (!resumed) return 'idle';
    await this.openNext(resumed, original, await this.repository.images(test.variants), now);
    return 'resumed';
  }

  /**
   * Opens the next rotation in ABBA order (or finds the one a repeated run opened) with the counters at the switch,
   * and sends the media call unless the card already has the variant first (the B B of ABBA, or the same variant again
   * after a pause, needs no call; the next run checks the card as after any switch).
   */
  private async openNext(
    test: AbTestRow,
    original: AbTestMediaItem[],
    images: VariantImage[],
    now: Date,
    actor: MediaActor = 'system',
    known?: CounterSnapshot,
  ): Promise<void> {
    const rotations = await this.repository.rotations(test.id);
    const rotation = rotations.find((row) => OPEN.includes(row.state)) ?? (await this.open(test, rotations, now, known));
    if (rotation.mediaSentAt !== null || rotation.verifiedAt !== null) return;
    const { variantIndex } = rotation;
    const last = rotations.filter((row) => row.id !== rotation.id).at(-1);
    if (last && last.variantIndex === variantIndex && last.verifiedAt !== null && (last.state === 'done' || last.state === 'cut')) {
      await this.repository.updateRotation(rotation.id, OPEN, {
        verifiedAt: now,
        cardMedia: last.cardMedia,
        mediaSentAt: last.mediaSentAt,
      });
      return;
    }
    const urls = this.cards.withFirst(original, images[variantIndex]);
    const sent = await this.cards.write(test, urls, `переключение на вариант ${variantIndex + 1}`, actor);
    if (!sent.sent) {
      await this.fail(test, `Маркетплейс отклонил набор фото: ${sent.reason}`, rotation, now);
      return;
    }
    await this.repository.updateRotation(rotation.id, OPEN, { mediaSentAt: new Date() });
  }

  /** Rotation number `rotations.length` of the test, the next variant of the ABBA order, with the counters at its switch. */
  private async open(test: AbTestRow, rotations: AbTestRotationRow[], now: Date, known?: CounterSnapshot): Promise<AbTestRotationRow> {
    const measured = rotations.filter((rotation) => rotation.state === 'done').length;
    const at = known ?? (await this.counters(test, now));
    return this.repository.openRotation(test.id, {
      seq: rotations.length,
      variantIndex: nextVariant(test.variants.length, measured),
      startedAt: now,
      settleUntil: new Date(now.getTime() + test.settleMinutes * MINUTE_MS),
      viewsAtSwitch: at.views,
      clicksAtSwitch: at.clicks,
    });
  }

  /** Measured to the target for every variant: completed with the verdict, then its onFinish. */
  private async complete(test: AbTestRow, rotations: AbTestRotationRow[], images: VariantImage[]): Promise<RotationOutcome> {
    const results = abResults(
      variantCounts(test.variants.length, rotations.map(rotationSnapshots)),
      test.targetImpressionsPerVariant,
      true,
    );
    const uplift = ctrUpliftPct(results);
    const completed = await this.repository.move(test.id, statesAllowing('complete'), {
      state: 'completed',
      verdict: results.winnerIndex === null ? 'inconclusive' : 'winner',
      winnerIndex: results.winnerIndex,
      ctrUpliftPct: uplift === null ? null : String(uplift),
      endedAt: new Date(),
    });
    if (!completed) return 'idle';
    await this.audit.record({
      action: 'ab-test.complete',
      userId: null,
      mpAccountId: test.mpAccountId,
      entityType: 'ab-test',
      entityId: test.id,
      details: { verdict: completed.verdict, winner: completed.winnerIndex, by: 'system' },
    });
    const applyWinner = test.onFinish === 'apply_winner' && completed.winnerIndex !== null;
    const finished = await this.repository.move(test.id, ['completed'], { state: applyWinner ? 'applied' : 'restored' });
    if (finished) await this.cards.finish(finished, 'system', images);
    return 'completed';
  }

  private switchDue(test: AbTestRow, current: AbTestRotationRow, at: CounterSnapshot, now: Date): boolean {
    if (test.switchEveryImpressions !== null) return at.views - (current.viewsAtStart ?? at.views) >= test.switchEveryImpressions;
    return now.getTime() - current.settleUntil.getTime() >= (test.switchEveryHours ?? 0) * HOUR_MS;
  }

  private counters(test: AbTestRow, now: Date): Promise<CounterSnapshot> {
    const fromDay = moscowToday(test.startedAt ?? now);
    return this.marketplace.counters(test.mpAccountId, test.advertId, test.nmId, fromDay, now);
  }

  /** A rotation ended early (a pause, the end of the test): what it measured up to now still counts. */
  private async cut(test: AbTestRow, rotation: AbTestRotationRow, now: Date): Promise<void> {
    const at = rotation.state === 'measuring' ? await this.counters(test, now) : { views: null, clicks: null };
    await this.repository.updateRotation(rotation.id, OPEN, { state: 'cut', endedAt: now, viewsAtEnd: at.views, clicksAtEnd: at.clicks });
  }

  private async fail(test: AbTestRow, reason: string, open?: AbTestRotationRow, now = new Date()): Promise<'failed'> {
    if (open) await this.repository.updateRotation(open.id, OPEN, { state: 'cut', endedAt: now });
    const failed = await this.repository.move(test.id, statesAllowing('fail'), { state: 'failed', stateReason: reason, endedAt: now });
    if (failed) await this.cards.finish(failed, 'system');
    return 'failed';
  }

  /** Someone else changed the card: the test ends, its owner is told, and the card is left as it is. */
  private async interrupt(test: AbTestRow, open: AbTestRotationRow, now: Date, reason: string): Promise<'interrupted'> {
    await this.repository.updateRotation(open.id, OPEN, { state: 'cut', endedAt: now });
    const interrupted = await this.repository.move(test.id, statesAllowing('interrupt'), {
      state: 'interrupted',
      stateReason: reason,
      endedAt: now,
    });
    if (!interrupted) return 'interrupted';
    const owner = await this.accounts.ownerOf(test.mpAccountId);
    if (owner)
      await this.notifications.notify(owner, {
        type: NOTIFICATION_KINDS.abTestInterrupted,
        title: 'A/B-тест прерван',
        body: `Товар ${test.nmId}: ${reason.toLowerCase()}. Тест остановлен, карточка оставлена как есть.`,
        payload: { mpAccountId: test.mpAccountId, testId: test.id, nmId: test.nmId },
      });
    return 'interrupted';
  }
}
