import { UuidField } from '../../../common/validation/fields';
import { JobStartedDto } from '../../../queue/job-status.dto';

export class InventorySyncStartDto {
  @UuidField({ description: 'Кабинет, остатки которого получить с маркетплейса' })
  mpAccountId!: string;
}

export class InventorySyncStartedDto extends JobStartedDto {}
