import { ApiProperty } from '@nestjs/swagger';

export class AbTestImageResponseDto {
  @ApiProperty({ format: 'uuid', description: 'Для variants A/B-теста' }) id!: string;
  @ApiProperty({
    description: 'Публичный адрес изображения без авторизации (его забирает маркетплейс); содержит неугадываемый токен',
    example: 'https://seller.example/ab-test-images/3q2-7wEjRk2hXyF0Yp8d1A',
  })
  publicUrl!: string;
  @ApiProperty({ type: 'integer' }) width!: number;
  @ApiProperty({ type: 'integer' }) height!: number;
}
