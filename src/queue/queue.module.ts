import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';

import { AccountFanOut } from './account-fan-out';
import { AccountJobs } from './account-jobs';
import { JobDiscoveryService } from './job-discovery.service';
import { JobSchedules } from './job-schedules';
import { JobScopeGuard } from './job-scope';
import { QueueService } from './queue.service';
import { QueueWorkersService } from './queue-workers.service';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobDiscoveryService, QueueService, QueueWorkersService, AccountJobs, AccountFanOut, JobScopeGuard, JobSchedules],
  exports: [QueueService, JobDiscoveryService, AccountJobs, AccountFanOut, JobScopeGuard, JobSchedules],
})
export class QueueModule {}
