import { ApiProperty } from '@nestjs/swagger';

import { PAGE_LIMIT_MAX, PaginationQueryDto } from '../../../common/http/pagination.dto';
import {
  BooleanField,
  IntField,
  QueryBooleanField,
  QueryIntArrayField,
  QueryIntField,
  SearchTextField,
  UuidField,
} from '../../../common/validation/fields';
import type { BidPlacementName } from '../../../database/schema/autobidder';
import { JobStartedDto, JobStatusDto } from '../../../queue/job-status.dto';
import { LIMIT_RUB_MAX } from '../budgets/budgets.dto';

export class CampaignSyncStartDto {
  @UuidField({ description: 'Кабинет, рекламные кампании которого загрузить с маркетплейса' })
  mpAccountId!: string;
}

const LAST_SYNCED = 'Когда последняя синхронизация рекламных кампаний кабинета закончилась; null — ещё ни одна';

export class CampaignSyncStartedDto extends JobStartedDto {
  @ApiProperty({ nullable: true, type: Date, description: LAST_SYNCED }) lastSyncedAt!: Date | null;
}

export class CampaignSyncStatusDto extends JobStatusDto {
  @ApiProperty({ nullable: true, type: Date, description: LAST_SYNCED }) lastSyncedAt!: Date | null;
}

export class AdCampaignListQueryDto extends PaginationQueryDto {
  @UuidField()
  mpAccountId!: string;

  @QueryIntField({ optional: true, min: -1, max: 100, description: 'Статус на маркетплейсе: 4, 7, 8, 9 (активна), 11 (на паузе), -1' })
  status?: number;

  @QueryBooleanField({ optional: true })
  auto?: boolean;

  @SearchTextField('Подстрока названия кампании без учёта регистра или её номер (advertId) целиком')
  q?: string;

  @QueryIntArrayField({
    optional: true,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    maxItems: PAGE_LIMIT_MAX,
    description: 'Только эти кампании (advertId, параметр повторяется: ?advertId=1&advertId=2), до 100',
  })
  advertId?: number[];
}

export class AdCampaignUpdateDto {
  @UuidField({ description: 'Кабинет кампании' })
  mpAccountId!: string;

  @IntField({
    optional: true,
    min: 0,
    max: LIMIT_RUB_MAX,
    description:
      'Дневной лимит расхода, целые рубли до 1 000 000 000 (как dailyLimitRub); 0 снимает дневной лимит. Новый лимит создаётся с действием pause',
  })
  dailyBudget?: number;

  @BooleanField({ optional: true, description: 'Переключатель Auto: движок ставок меняет только кампании с включённым Auto' })
  auto?: boolean;

  @UuidField({ optional: true, nullable: true, description: 'Стратегия того же кабинета; null отвязывает кампанию' })
  strategyId?: string | null;
}

export class AdCampaignProductDto {
  @ApiProperty() nmId!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Ставки по местам размещения, копейки: combined (единая ставка) или search и recommendations',
  })
  bids!: Partial<Record<BidPlacementName, number>>;
}

export class AdCampaignStatsDto {
  @ApiProperty() views!: number;
  @ApiProperty() clicks!: number;
  @ApiProperty({ description: 'Расход, рубли (с копейками)' }) spend!: number;
  @ApiProperty() orders!: number;
}

export class AdCampaignResponseDto {
  @ApiProperty() advertId!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Статус на маркетплейсе: 9 — активна, 11 — на паузе' }) status!: number;
  @ApiProperty() type!: number;
  @ApiProperty({ enum: ['unified', 'manual'] }) bidType!: 'unified' | 'manual';
  @ApiProperty({ enum: ['cpm', 'cpc'] }) paymentType!: 'cpm' | 'cpc';
  @ApiProperty() auto!: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) strategyId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Название стратегии кампании' }) strategyName!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Действующий лимит бюджета кампании' })
  budgetLimitId!: string | null;
  @ApiProperty({ type: [AdCampaignProductDto] }) products!: AdCampaignProductDto[];
  @ApiProperty({ type: AdCampaignStatsDto, description: 'Последние 7 суток (московских)' }) stats7d!: AdCampaignStatsDto;
  @ApiProperty() syncedAt!: Date;
}
