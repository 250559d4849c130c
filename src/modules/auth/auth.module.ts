import { Module } from '@nestjs/common';

import { UsersModule } from '../users/users.module';
import { AdminAccountsRepository } from './admin-accounts.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AdminProvisioner, BootstrapAdminService } from './bootstrap-admin.service';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { TokensService } from './tokens.service';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    PasswordHasher,
    LoginAttemptsRepository,
    SessionsRepository,
    TokensService,
    AdminAccountsRepository,
    AdminProvisioner,
    BootstrapAdminService,
  ],
  exports: [AdminProvisioner],
})
export class AuthModule {}
