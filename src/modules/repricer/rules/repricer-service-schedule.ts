import { ApiProperty } from '@nestjs/swagger';

/** Spec: Engine rule 7. Scheduled runs come every 30 minutes; users cannot change it. */
export const REPRICER_SCHEDULE_MINUTES = 30;

/** The service's schedule, shown with the table of rules and with the products; never a rule field. */
export class RepricerScheduleDto {
  @ApiProperty({ description: 'Интервал запуска по расписанию, минуты' }) everyMinutes!: number;
  @ApiProperty({ description: 'Интервал нельзя изменить: всегда false' }) settable!: false;
}

export function repricerSchedule(): RepricerScheduleDto {
  return { everyMinutes: REPRICER_SCHEDULE_MINUTES, settable: false };
}
