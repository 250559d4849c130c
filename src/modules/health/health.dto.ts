import { ApiProperty } from '@nestjs/swagger';

export class ScheduleProblemDto {
  @ApiProperty({ example: 'digitization.nightly.schedule', description: 'Задача расписания' }) name!: string;
  @ApiProperty({
    enum: ['missing', 'late'],
    description:
      'missing: расписания нет в Redis (воркеры регистрируют его снова в пределах SCHEDULES_CHECK_INTERVAL_MS); late: расписание не срабатывало дольше двух своих интервалов',
  })
  problem!: 'missing' | 'late';
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'Когда должен быть следующий запуск; null, если расписания нет',
  })
  nextRunAt!: string | null;
}

export class HealthResponseDto {
  @ApiProperty({ example: 'ok' }) status!: 'ok';
  @ApiProperty({ example: { database: 'up', redis: 'up' } }) checks!: Record<'database' | 'redis', 'up'>;
  @ApiProperty({
    type: [ScheduleProblemDto],
    description:
      'Расписания задач, которых нет или которые опаздывают; пусто, когда все срабатывают, и при SCHEDULES_ENABLED=false. На готовность сервиса не влияют.',
  })
  schedules!: ScheduleProblemDto[];
}

export class LivenessResponseDto {
  @ApiProperty({ example: 'ok' }) status!: 'ok';
}

export class VersionResponseDto {
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ nullable: true, type: String, example: '3f2a9c1' }) commit!: string | null;
}
