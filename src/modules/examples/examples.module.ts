import { Module } from '@nestjs/common';

import { ExamplesController } from './examples.controller';
import { ExamplesJobs } from './examples.jobs';
import { ExamplesRepository } from './examples.repository';
import { ExamplesService } from './examples.service';

@Module({
  controllers: [ExamplesController],
  providers: [ExamplesRepository, ExamplesService, ExamplesJobs],
})
export class ExamplesModule {}
