import { DayField } from '../../../common/validation/day-field';
import { UuidField } from '../../../common/validation/fields';
import { JobStartedDto } from '../../../queue/job-status.dto';

export class PulseRefreshStartDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @DayField({ optional: true, description: 'С этого дня (по Москве); по умолчанию неделя назад — дни, которые маркетплейс переписывает' })
  dateFrom?: string;

  @DayField({ optional: true, description: 'По этот день (по Москве), не позже сегодня; по умолчанию сегодня' })
  dateTo?: string;
}

export class PulseRefreshStartedDto extends JobStartedDto {}
