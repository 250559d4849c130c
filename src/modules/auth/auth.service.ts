import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser, Role } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import { AppError } from '../../common/errors/app-error';
import { findPgError } from '../../common/errors/pg-errors';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditService } from '../audit/audit.service';
import { UserProfileDto } from '../users/users.dto';
import { UserRow, UsersRepository } from '../users/users.repository';
import { LoginDto, RegisterDto, UpdateMeDto } from './auth.dto';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { hashRefreshToken, TokenPair, TokensService } from './tokens.service';

const BAD_CREDENTIALS = 'Неверный e-mail или пароль';
const LOCKED = 'Вход временно заблокирован после неудачных попыток, повторите позже';
const INVALID_REFRESH = 'Недействительный токен обновления';
const USER_NOT_FOUND = 'Пользователь не найден';

function toProfile(user: UserRow): UserProfileDto {
  return { id: user.id, email: user.email, displayName: user.displayName, role: user.role, createdAt: user.createdAt };
}

function isLocked(user: UserRow): boolean {
  return user.lockedUntil !== null && user.lockedUntil.getTime() > Date.now();
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokensService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
  ) {}

  async register(input: RegisterDto, meta: RequestMeta): Promise<UserProfileDto> {
    const passwordHash = await this.hasher.hash(input.password);
    let profile: UserProfileDto;
    try {
      profile = await this.users.create({ email: input.email.trim(), displayName: input.displayName, passwordHash });
    } catch (error) {
      if (findPgError(error)?.code === '23505') throw new AppError('CONFLICT', 'Этот e-mail уже зарегистрирован');
      throw error;
    }
    await this.audit.record({ action: 'auth.register', userId: profile.id, entityType: 'user', entityId: profile.id, meta });
    return profile;
  }

  async login(input: LoginDto, meta: RequestMeta): Promise<TokenPair> {
    const user = await this.users.findByEmail(input.email.trim());
    if (!user) {
      await this.hasher.verifyDummy(input.password);
      await this.audit.record({ action: 'auth.login.failed', details: { reason: 'unknown-email' }, meta });
      throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS);
    }
    // A locked user gets the same answer whatever the password, after the same work.
    const passwordOk = await this.hasher.verify(user.passwordHash, input.password);
    if (isLocked(user)) {
      await this.audit.record({ action: 'auth.login.failed', userId: user.id, entityType: 'user', entityId: user.id, details: { reason: 'locked' }, meta });
      throw new AppError('UNAUTHORIZED', LOCKED);
    }
    if (!passwordOk) {
      const { locked } = await this.users.recordFailedLogin(user.id, this.config.auth.maxFailedAttempts, this.config.auth.lockoutMs);
      await this.audit.record({ action: 'auth.login.failed', userId: user.id, entityType: 'user', entityId: user.id, details: { reason: 'wrong-password' }, meta });
      if (locked) await this.audit.record({ action: 'auth.lockout', userId: user.id, entityType: 'user', entityId: user.id, details: { lockoutMs: this.config.auth.lockoutMs }, meta });
      throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS);
    }
    if (user.failedLoginCount > 0 || user.lockedUntil) await this.users.resetFailedLogins(user.id);
    return this.tokens.issue(user);
  }

  /** Rotation: the presented token is revoked and a new pair continues its family. A revoked token again is reuse. */
  async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
    const token = await this.sessions.findByHash(hashRefreshToken(refreshToken));
    if (!token) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    if (token.revokedAt || !(await this.sessions.revokeIfLive(token.id))) {
      await this.sessions.revokeFamily(token.familyId);
      await this.audit.record({ action: 'auth.refresh.reuse', userId: token.userId, entityType: 'session', entityId: token.familyId, meta });
      throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    }
    if (token.expiresAt.getTime() <= Date.now()) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    const user = await this.users.findById(token.userId);
    if (!user || isLocked(user)) {
      await this.sessions.revokeFamily(token.familyId);
      throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    }
    // The role is read now, so a role change takes effect at the next refresh.
    return this.tokens.issue(user, token.familyId);
  }

  /** Ends the session the token belongs to; an unknown token changes nothing and answers the same. */
  async logout(refreshToken: string): Promise<void> {
    const token = await this.sessions.findByHash(hashRefreshToken(refreshToken));
    if (token) await this.sessions.revokeFamily(token.familyId);
  }

  async logoutAll(user: AuthenticatedUser): Promise<void> {
    await this.sessions.revokeAllForUser(user.id);
  }

  async me(user: AuthenticatedUser): Promise<UserProfileDto> {
    const profile = await this.users.profile(user.id);
    if (!profile) throw new AppError('UNAUTHORIZED', 'Пользователь удалён');
    return profile;
  }

  /** A password change needs the current password and ends every session (issued access tokens live until they expire). */
  async updateMe(user: AuthenticatedUser, input: UpdateMeDto): Promise<UserProfileDto> {
    const current = await this.users.findById(user.id);
    if (!current) throw new AppError('UNAUTHORIZED', 'Пользователь удалён');
    const changes: { displayName?: string; passwordHash?: string } = {};
    if (input.displayName !== undefined) changes.displayName = input.displayName;
    if (input.password !== undefined) {
      if (!(await this.hasher.verify(current.passwordHash, input.currentPassword ?? ''))) {
        throw AppError.validation([{ field: 'currentPassword', errors: ['currentPasswordMismatch'] }], 'Текущий пароль указан неверно');
      }
      changes.passwordHash = await this.hasher.hash(input.password);
    }
    if (Object.keys(changes).length === 0) return toProfile(current);
    const updated = await this.users.update(user.id, changes);
    if (changes.passwordHash) await this.sessions.revokeAllForUser(user.id);
    return updated ?? toProfile(current);
  }

  async changeRole(actor: AuthenticatedUser, userId: string, role: Role, meta: RequestMeta): Promise<UserProfileDto> {
    const target = await this.users.findById(userId);
    if (!target) throw AppError.notFound(USER_NOT_FOUND);
    const updated = await this.users.update(userId, { role });
    await this.audit.record({ action: 'auth.role.change', userId: actor.id, entityType: 'user', entityId: userId, details: { from: target.role, to: role }, meta });
    return updated ?? toProfile({ ...target, role });
  }

  async revokeSessions(actor: AuthenticatedUser, userId: string, meta: RequestMeta): Promise<void> {
    if (!(await this.users.findById(userId))) throw AppError.notFound(USER_NOT_FOUND);
    const revoked = await this.sessions.revokeAllForUser(userId);
    await this.audit.record({ action: 'auth.sessions.revoke', userId: actor.id, entityType: 'user', entityId: userId, details: { revoked }, meta });
  }
}
