import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobDiscoveryService } from './job-discovery.service';
import { QueueWorkersService } from './queue-workers.service';
import { QueueService } from './queue.service';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobDiscoveryService, QueueService, QueueWorkersService],
  exports: [QueueService, JobDiscoveryService],
})
export class QueueModule {}
