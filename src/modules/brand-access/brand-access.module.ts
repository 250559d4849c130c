import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { BrandAccessController } from './brand-access.controller';
import { BrandAccessRepository } from './brand-access.repository';
import { BrandAccessService } from './brand-access.service';

@Module({ imports: [AuthModule], controllers: [BrandAccessController], providers: [BrandAccessRepository, BrandAccessService] })
export class BrandAccessModule {}
