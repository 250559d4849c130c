import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AdminProvisioner, BootstrapAdminService } from './bootstrap-admin.service';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { TokensService } from './tokens.service';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, PasswordHasher, SessionsRepository, TokensService, AdminProvisioner, BootstrapAdminService],
  exports: [AdminProvisioner],
})
export class AuthModule {}
