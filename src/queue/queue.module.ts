import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';

import { AccountFanOut } from './account-fan-out';
import { AccountJobs } from './account-jobs';
import { JobDiscoveryService } from './job-discovery.service';
import { JobScopeGuard } from './job-scope';
import { QueueService } from './queue.service';
import { QueueWorkersService } from './queue-workers.service';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobDiscoveryService, QueueService, QueueWorkersService, AccountJobs, AccountFanOut, JobScopeGuard],
  exports: [QueueService, JobDiscoveryService, AccountJobs, AccountFanOut, JobScopeGuard],
})
export class QueueModule {}
