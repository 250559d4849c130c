import { Module } from '@nestjs/common';

import { UsersModule } from '../users/users.module';
import { BrandAccessController } from './brand-access.controller';
import { BrandAccessRepository } from './brand-access.repository';
import { BrandAccessService } from './brand-access.service';

@Module({ imports: [UsersModule], controllers: [BrandAccessController], providers: [BrandAccessRepository, BrandAccessService] })
export class BrandAccessModule {}
