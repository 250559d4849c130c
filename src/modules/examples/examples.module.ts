import { Module } from '@nestjs/common';

import { ExamplesController } from './examples.controller';
import { ExampleJobs } from './examples.jobs';
import { ExamplesRepository } from './examples.repository';
import { ExamplesService } from './examples.service';

@Module({
  controllers: [ExamplesController],
  providers: [ExamplesRepository, ExamplesService, ExampleJobs],
})
export class ExamplesModule {}
