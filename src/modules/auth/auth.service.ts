import { Inject, Injectable } from '@nestjs/common';

import type { AuthenticatedUser, Role } from '../../common/auth/authenticated-user';
import type { RequestMeta } from '../../common/auth/request-meta';
import { AppError } from '../../common/errors/app-error';
import { findPgError } from '../../common/errors/pg-errors';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditService } from '../audit/audit.service';
import { LoginDto, RegisterDto, UpdateMeDto } from './auth.dto';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { hashRefreshToken, TokenPair, TokensService } from './tokens.service';
import { UserProfileDto } from './users.dto';
import { UserRow, UsersRepository } from './users.repository';

const BAD_CREDENTIALS = 'Неверный e-mail или пароль';
const LOCKED = 'Вход временно заблокирован после неудачных попыток, повторите позже';
const INVALID_REFRESH = 'Недействительный токен обновления';
const USER_NOT_FOUND = 'Пользователь не найден';

function toProfile(user: UserRow): UserProfileDto {
  return { id: user.id, email: user.email, displayName: user.displayName, role: user.role, createdAt: user.createdAt };
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokensService,
    private readonly hasher: PasswordHasher,
    private readonly attempts: LoginAttemptsRepository,
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
    const check = await this.checkPassword(user, input.password, meta);
    if (check !== 'ok') throw new AppError('UNAUTHORIZED', check === 'locked' ? LOCKED : BAD_CREDENTIALS);
    return this.tokens.issue(user);
  }

  /**
   * Spec: Authentication 6. The check is counted before it runs (login and a password change alike); a locked user
   * gets no check, only the same work on a dummy hash. A success resets the count.
   */
  private async checkPassword(user: UserRow, password: string, meta: RequestMeta): Promise<'ok' | 'wrong' | 'locked'> {
    const { maxFailedAttempts, lockoutMs } = this.config.auth;
    const about = { userId: user.id, entityType: 'user', entityId: user.id, meta };
    const attempt = await this.attempts.begin(user.id, maxFailedAttempts, lockoutMs);
    if (attempt === null) {
      await this.hasher.verifyDummy(password);
      await this.audit.record({ action: 'auth.login.failed', ...about, details: { reason: 'locked' } });
      return 'locked';
    }
    if (await this.hasher.verify(user.passwordHash, password)) {
      await this.attempts.reset(user.id);
      return 'ok';
    }
    await this.audit.record({ action: 'auth.login.failed', ...about, details: { reason: 'wrong-password' } });
    if (attempt >= maxFailedAttempts) await this.audit.record({ action: 'auth.lockout', ...about, details: { lockoutMs } });
    return 'wrong';
  }

  /** Rotation: the presented token is revoked and a new pair continues its family. A revoked token again is reuse. */
  async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
    const token = await this.sessions.findByHash(hashRefreshToken(refreshToken));
    if (!token) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    if (token.revokedAt || !(await this.sessions.revokeIfLive(token.id))) {
      await this.sessions.revokeFamily(token.familyId);
      await this.audit.record({
        action: 'auth.refresh.reuse',
        userId: token.userId,
        entityType: 'session',
        entityId: token.familyId,
        meta,
      });
      throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    }
    if (token.expiresAt.getTime() <= Date.now()) throw new AppError('UNAUTHORIZED', INVALID_REFRESH);
    const user = await this.users.findById(token.userId);
    // A login lockout does not end sessions: anyone who knows an e-mail could otherwise log its owner out.
    if (!user) {
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
  async updateMe(user: AuthenticatedUser, input: UpdateMeDto, meta: RequestMeta): Promise<UserProfileDto> {
    const current = await this.users.findById(user.id);
    if (!current) throw new AppError('UNAUTHORIZED', 'Пользователь удалён');
    const changes: { displayName?: string; passwordHash?: string } = {};
    if (input.displayName !== undefined) changes.displayName = input.displayName;
    if (input.password !== undefined) {
      const check = await this.checkPassword(current, input.currentPassword ?? '', meta);
      if (check === 'locked') throw new AppError('TOO_MANY_REQUESTS', LOCKED);
      if (check === 'wrong')
        throw AppError.validation([{ field: 'currentPassword', errors: ['currentPasswordMismatch'] }], 'Текущий пароль указан неверно');
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
    await this.audit.record({
      action: 'auth.role.change',
      userId: actor.id,
      entityType: 'user',
      entityId: userId,
      details: { from: target.role, to: role },
      meta,
    });
    return updated ?? toProfile({ ...target, role });
  }

  async revokeSessions(actor: AuthenticatedUser, userId: string, meta: RequestMeta): Promise<void> {
    if (!(await this.users.findById(userId))) throw AppError.notFound(USER_NOT_FOUND);
    const revoked = await this.sessions.revokeAllForUser(userId);
    await this.audit.record({
      action: 'auth.sessions.revoke',
      userId: actor.id,
      entityType: 'user',
      entityId: userId,
      details: { revoked },
      meta,
    });
  }
}
