import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ example: 'ok' }) status!: 'ok';
  @ApiProperty({ example: { database: 'up', redis: 'up' } }) checks!: Record<'database' | 'redis', 'up'>;
}

export class LivenessResponseDto {
  @ApiProperty({ example: 'ok' }) status!: 'ok';
}

export class VersionResponseDto {
  @ApiProperty({ example: '0.1.0' }) version!: string;
  @ApiProperty({ nullable: true, type: String, example: '3f2a9c1' }) commit!: string | null;
}
