import { Module } from '@nestjs/common';

import { AdminAccountsRepository } from './admin-accounts.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AdminProvisioner, BootstrapAdminService } from './bootstrap-admin.service';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { TokensService } from './tokens.service';
import { UsersController } from './users.controller';
import { UsersReader } from './users.reader';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * Identity: registration, login, sessions, roles and the user list. It owns the users table; other modules read it
 * through UsersReader.
 */
@Module({
  controllers: [AuthController, UsersController],
  providers: [
    AuthService,
    PasswordHasher,
    LoginAttemptsRepository,
    SessionsRepository,
    TokensService,
    AdminAccountsRepository,
    AdminProvisioner,
    BootstrapAdminService,
    UsersRepository,
    UsersService,
    UsersReader,
  ],
  exports: [AdminProvisioner, UsersReader],
})
export class AuthModule {}
