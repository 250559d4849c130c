import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { UuidParam } from '../../common/validation/uuid-param';
import {
  ExampleBatchCreatedDto,
  ExampleItemBatchCreateDto,
  ExampleItemCreateDto,
  ExampleItemListQueryDto,
  ExampleItemResponseDto,
  ExampleQueueJobAcceptedDto,
  ExampleQueueJobCreateDto,
  ExampleQueueJobStatusDto,
} from './examples.dto';
import { ExamplesService } from './examples.service';

/** Each user sees and queues only their own items and jobs; admins see all (another user's item or job is 404). */
@ApiTags('examples')
@Controller('examples')
export class ExamplesController {
  constructor(private readonly examples: ExamplesService) {}

  @Post('items')
  @ApiOperation({ summary: 'Создать элемент' })
  @ApiCreatedResponse({ type: ExampleItemResponseDto })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: ExampleItemCreateDto): Promise<ExampleItemResponseDto> {
    return this.examples.create(user, body);
  }

  @Post('items/batch')
  @ApiOperation({ summary: 'Создать до 100 элементов одним запросом' })
  @ApiCreatedResponse({ type: ExampleBatchCreatedDto })
  createMany(@CurrentUser() user: AuthenticatedUser, @Body() body: ExampleItemBatchCreateDto): Promise<ExampleBatchCreatedDto> {
    return this.examples.createMany(user, body.items);
  }

  @Get('items')
  @ApiOperation({ summary: 'Список элементов с фильтрами, сортировкой и пагинацией' })
  @ApiPageResponse(ExampleItemResponseDto)
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: ExampleItemListQueryDto): Promise<Page<ExampleItemResponseDto>> {
    return this.examples.list(user, query);
  }

  @Get('items/:id')
  @ApiOperation({ summary: 'Элемент по id' })
  @ApiOkResponse({ type: ExampleItemResponseDto })
  get(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string): Promise<ExampleItemResponseDto> {
    return this.examples.get(user, id);
  }

  @Post('queue')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Поставить задачу в очередь examples',
    description: 'Не больше EXAMPLES_MAX_QUEUED_JOBS_PER_USER ожидающих и выполняемых задач пользователя; сверх — 429',
  })
  @ApiAcceptedResponse({ type: ExampleQueueJobAcceptedDto })
  enqueue(@CurrentUser() user: AuthenticatedUser, @Body() body: ExampleQueueJobCreateDto): Promise<ExampleQueueJobAcceptedDto> {
    return this.examples.enqueue(user, body);
  }

  @Get('queue/:jobId')
  @ApiOperation({ summary: 'Состояние задачи очереди examples' })
  @ApiOkResponse({ type: ExampleQueueJobStatusDto })
  jobStatus(@CurrentUser() user: AuthenticatedUser, @UuidParam('jobId') jobId: string): Promise<ExampleQueueJobStatusDto> {
    return this.examples.jobStatus(user, jobId);
  }
}
