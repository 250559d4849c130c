import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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

@ApiTags('examples')
@Controller('examples')
export class ExamplesController {
  constructor(private readonly examples: ExamplesService) {}

  @Post('items')
  @ApiOperation({ summary: 'Создать элемент' })
  @ApiCreatedResponse({ type: ExampleItemResponseDto })
  create(@Body() body: ExampleItemCreateDto): Promise<ExampleItemResponseDto> {
    return this.examples.create(body);
  }

  @Post('items/batch')
  @ApiOperation({ summary: 'Создать до 100 элементов одним запросом' })
  @ApiCreatedResponse({ type: ExampleBatchCreatedDto })
  createMany(@Body() body: ExampleItemBatchCreateDto): Promise<ExampleBatchCreatedDto> {
    return this.examples.createMany(body.items);
  }

  @Get('items')
  @ApiOperation({ summary: 'Список элементов с фильтрами, сортировкой и пагинацией' })
  @ApiPageResponse(ExampleItemResponseDto)
  list(@Query() query: ExampleItemListQueryDto): Promise<Page<ExampleItemResponseDto>> {
    return this.examples.list(query);
  }

  @Get('items/:id')
  @ApiOperation({ summary: 'Элемент по id' })
  @ApiOkResponse({ type: ExampleItemResponseDto })
  get(@UuidParam('id') id: string): Promise<ExampleItemResponseDto> {
    return this.examples.get(id);
  }

  @Post('queue')
  @HttpCode(202)
  @ApiOperation({ summary: 'Поставить задачу в очередь examples' })
  @ApiAcceptedResponse({ type: ExampleQueueJobAcceptedDto })
  enqueue(@Body() body: ExampleQueueJobCreateDto): Promise<ExampleQueueJobAcceptedDto> {
    return this.examples.enqueue(body);
  }

  @Get('queue/:jobId')
  @ApiOperation({ summary: 'Состояние задачи очереди examples' })
  @ApiOkResponse({ type: ExampleQueueJobStatusDto })
  jobStatus(@Param('jobId') jobId: string): Promise<ExampleQueueJobStatusDto> {
    return this.examples.jobStatus(jobId);
  }
}
