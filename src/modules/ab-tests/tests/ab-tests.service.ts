import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { findPgError } from '../../../common/errors/pg-errors';
import type { Page } from '../../../common/http/pagination.dto';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AB_TEST_ACTIVE_CAMPAIGN_KEY, AB_TEST_ACTIVE_NM_KEY, AB_TEST_SWITCH_CHECK } from '../../../database/schema/ab-tests';
import { QueueService } from '../../../queue/queue.service';
import { type AbTestAction, type AbTestState, abTestTransition, statesAllowing } from '../../../shared/ab-tests/ab-test-states';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import { ctrUpliftPct } from '../engine/ab-results';
import { publicImageUrl } from '../images/ab-test-images.service';
import { AB_ROTATION_RUN_JOB } from '../rotation/ab-rotation.job-definitions';
import { abTestResponse, abTestResults, rotationResponse } from './ab-test-view';
import type {
  AbTestCreateDto,
  AbTestListQueryDto,
  AbTestResponseDto,
  AbTestResultsDto,
  AbTestRotationDto,
  AbTestSwitchEveryDto,
  AbTestUpdateDto,
  AbTestVariantImageDto,
} from './ab-tests.dto';
import { AbTestRow, AbTestsRepository, AbTestValues } from './ab-tests.repository';

export const AB_TEST_NOT_FOUND = 'A/B-тест не найден';
const IMAGE_NOT_FOUND = 'Изображение варианта не найдено';
const PRODUCT_NOT_FOUND = 'Товар не найден';
const CAMPAIGN_NOT_FOUND = 'Рекламная кампания не найдена';
const ENTITY = 'ab-test';

/** The actions of POST /ab-tests/:id/<action>. */
export type AbTestRouteAction = Extract<AbTestAction, 'start' | 'pause' | 'stop' | 'apply-winner' | 'restore'>;

function refused(action: AbTestAction, state: AbTestState): AppError {
  return new AppError('CONFLICT', `Действие ${action} недоступно в состоянии ${state}`, {
    details: { action, state, allowedFrom: statesAllowing(action) },
  });
}

/** Exactly one of impressions and hours. */
function switchColumns(switchEvery: AbTestSwitchEveryDto): Pick<AbTestValues, 'switchEveryImpressions' | 'switchEveryHours'> {
  const { impressions, hours } = switchEvery;
  if ((impressions === undefined) === (hours === undefined))
    throw AppError.validation(
      [{ field: 'switchEvery', errors: ['exactlyOneOfImpressionsOrHours'] }],
      'Укажите ровно одно из switchEvery.impressions и switchEvery.hours',
    );
  return { switchEveryImpressions: impressions ?? null, switchEveryHours: hours ?? null };
}

function assertDistinct(variants: string[]): void {
  if (new Set(variants).size !== variants.length)
    throw AppError.validation([{ field: 'variants', errors: ['arrayUnique'] }], 'Изображения вариантов повторяются');
}

/** The database's own rules, when a request races another: the same answers as the checks before the write. */
function constraintViolation(error: unknown): never {
  const constraint = findPgError(error)?.constraint;
  if (constraint === AB_TEST_ACTIVE_NM_KEY || constraint === AB_TEST_ACTIVE_CAMPAIGN_KEY)
    throw new AppError('CONFLICT', 'У карточки или кампании уже идёт A/B-тест', { cause: error });
  if (constraint === AB_TEST_SWITCH_CHECK)
    throw AppError.validation([{ field: 'switchEvery', errors: ['exactlyOneOfImpressionsOrHours'] }]);
  throw error;
}

@Injectable()
export class AbTestsService {
  constructor(
    private readonly repository: AbTestsRepository,
    private readonly catalog: CatalogReader,
    private readonly audit: AuditService,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: AuthenticatedUser, scope: DataScope, input: AbTestCreateDto, meta: RequestMeta): Promise<AbTestResponseDto> {
    const { switchEvery, ...rest } = input;
    const values: AbTestValues = { ...rest, ...switchColumns(switchEvery), createdBy: actor.id };
    await this.assertReferences(scope, values);
    const row = await this.repository.insert(values).catch(constraintViolation);
    await this.audit.record(settingChange('ab-test.create', actor, ENTITY, row, { test: abTestResponse(row) }, meta));
    return this.respond(row);
  }

  async list(scope: DataScope, query: AbTestListQueryDto): Promise<Page<AbTestResponseDto>> {
    const page = await this.repository.findPage({ ...query, accountId: scope.accountId });
    return { items: await this.withImages(page.items), meta: page.meta };
  }

  async get(scope: DataScope, id: string): Promise<AbTestResponseDto> {
    return this.respond(await this.live(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    change: AbTestUpdateDto,
    meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    const stored = await this.allowed(scope, id, 'update');
    const { switchEvery, ...rest } = change;
    const values: Partial<AbTestValues> = { ...rest, ...(switchEvery === undefined ? {} : switchColumns(switchEvery)) };
    await this.assertReferences(scope, { ...stored, ...values });
    const row = await this.repository.updateIn(id, statesAllowing('update'), values).catch(constraintViolation);
    if (!row) throw refused('update', (await this.live(scope, id)).state);
    await this.audit.record(
      settingChange('ab-test.update', actor, ENTITY, row, { changed: Object.keys(change), test: abTestResponse(row) }, meta),
    );
    return this.respond(row);
  }

  async remove(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    const stored = await this.allowed(scope, id, 'delete');
    if (!(await this.repository.softDeleteIn(id, statesAllowing('delete')))) throw refused('delete', (await this.live(scope, id)).state);
    await this.audit.record(settingChange('ab-test.delete', actor, ENTITY, stored, { nmId: stored.nmId, state: stored.state }, meta));
  }

  /**
   * start records the intent (scheduled), after the checks the rotation worker would fail on: the images are still the
   * account's and no other test holds the card or the campaign (409). pause and stop take effect at once; stop settles
   * the verdict from what was measured; apply-winner needs a winner. Every action but pause queues a run of the test at
   * once: start begins the rotation, stop and restore put the card's original media back, apply-winner the winner first.
   */
  async act(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    action: AbTestRouteAction,
    meta: RequestMeta,
  ): Promise<AbTestResponseDto> {
    const stored = await this.allowed(scope, id, action);
    const to = (abTestTransition(stored.state, action) as { to: AbTestState }).to;
    const values: Partial<AbTestValues> = { state: to, stateReason: null };
    if (action === 'start') {
      await this.assertReferences(scope, stored);
      const rival = await this.repository.activeRival(stored);
      if (rival)
        throw new AppError('CONFLICT', rival.nmId === stored.nmId ? 'У карточки уже идёт A/B-тест' : 'В кампании уже идёт A/B-тест', {
          details: { testId: rival.id },
        });
      values.scheduledAt = new Date();
    }
    if (action === 'pause') values.stateReason = 'manual';
    if (action === 'stop') Object.assign(values, await this.verdictNow(stored));
    if (action === 'apply-winner' && stored.winnerIndex === null)
      throw new AppError('CONFLICT', 'У теста нет победителя: можно только вернуть исходные фото', {
        details: { action, state: stored.state, verdict: stored.verdict },
      });
    // The card's media is written again after restore and apply-winner (stop has put the original back already).
    if (action === 'apply-winner' || action === 'restore') values.finalMediaAt = null;
    const row = await this.repository.updateIn(id, statesAllowing(action), values).catch(constraintViolation);
    if (!row) throw refused(action, (await this.live(scope, id)).state);
    await this.audit.record(settingChange(`ab-test.${action}`, actor, ENTITY, row, { from: stored.state, to: row.state }, meta));
    if (action !== 'pause')
      await this.queues.enqueue(AB_ROTATION_RUN_JOB, { mpAccountId: row.mpAccountId, testId: row.id, userId: actor.id });
    return this.respond(row);
  }

  async results(scope: DataScope, id: string): Promise<AbTestResultsDto> {
    const test = await this.live(scope, id);
    return abTestResults(test, await this.repository.rotations(id));
  }

  async rotations(scope: DataScope, id: string): Promise<AbTestRotationDto[]> {
    await this.live(scope, id);
    return (await this.repository.rotations(id)).map(rotationResponse);
  }

  private async respond(row: AbTestRow): Promise<AbTestResponseDto> {
    return (await this.withImages([row]))[0];
  }

  /** The tests as the API answers them, each with its variants' images in the order of its variants. */
  private async withImages(rows: AbTestRow[]): Promise<AbTestResponseDto[]> {
    const images = await this.repository.variantImages([...new Set(rows.flatMap((row) => row.variants))]);
    const byId = new Map<string, AbTestVariantImageDto>(
      images.map(({ id, token, width, height }) => [id, { id, publicUrl: publicImageUrl(this.config, token), width, height }]),
    );
    return rows.map((row) => ({ ...abTestResponse(row), variantImages: row.variants.flatMap((id) => byId.get(id) ?? []) }));
  }

  private async verdictNow(test: AbTestRow): Promise<Partial<AbTestValues>> {
    const results = abTestResults({ ...test, state: 'completed' }, await this.repository.rotations(test.id));
    const uplift = ctrUpliftPct({ ...results, winnerIndex: results.winner });
    return {
      verdict: results.verdict === 'winner' ? 'winner' : 'inconclusive',
      winnerIndex: results.winner,
      ctrUpliftPct: uplift === null ? null : String(uplift),
      endedAt: new Date(),
    };
  }

  /** The card is in the account's catalog, the campaign is the account's and every image is the account's. */
  private async assertReferences(scope: DataScope, test: Pick<AbTestValues, 'nmId' | 'advertId' | 'variants'>): Promise<void> {
    assertDistinct(test.variants);
    if ((await this.catalog.missingNmIds(scope.accountId, [test.nmId], scope.brandIds)).length) throw AppError.notFound(PRODUCT_NOT_FOUND);
    if (!(await this.repository.hasCampaign(scope.accountId, test.advertId))) throw AppError.notFound(CAMPAIGN_NOT_FOUND);
    if ((await this.repository.missingImages(scope.accountId, test.variants)).length) throw AppError.notFound(IMAGE_NOT_FOUND);
  }

  /** The live test, when the action is allowed in its state; 409 with the state otherwise. */
  private async allowed(scope: DataScope, id: string, action: AbTestAction): Promise<AbTestRow> {
    const test = await this.live(scope, id);
    if (!abTestTransition(test.state, action).allowed) throw refused(action, test.state);
    return test;
  }

  private async live(scope: DataScope, id: string): Promise<AbTestRow> {
    const row = await this.repository.findLive(scope.accountId, id);
    if (!row) throw AppError.notFound(AB_TEST_NOT_FOUND);
    return row;
  }
}
