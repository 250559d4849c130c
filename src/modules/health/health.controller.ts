import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

import { Public } from '../../common/auth/public.decorator';
import { ApiErrorBodyDto } from '../../common/errors/api-error-body.dto';
import { SkipThrottle } from '../../common/throttle/throttle.decorator';
import { APP_VERSION, AppVersion } from './app-version';
import { HealthResponseDto, LivenessResponseDto, VersionResponseDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('service')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    @Inject(APP_VERSION) private readonly version: AppVersion,
  ) {}

  @Get('health')
  @SkipThrottle()
  @ApiOperation({ summary: 'Готовность: проверяет PostgreSQL и Redis' })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiServiceUnavailableResponse({ type: ApiErrorBodyDto, description: 'PostgreSQL или Redis не отвечает; details.checks называет какой' })
  readiness(): Promise<HealthResponseDto> {
    return this.health.readiness();
  }

  @Get('health/live')
  @SkipThrottle()
  @ApiOperation({ summary: 'Живость процесса' })
  @ApiOkResponse({ type: LivenessResponseDto })
  liveness(): LivenessResponseDto {
    return { status: 'ok' };
  }

  @Get('version')
  @ApiOperation({ summary: 'Версия приложения' })
  @ApiOkResponse({ type: VersionResponseDto })
  getVersion(): VersionResponseDto {
    return this.version;
  }
}
