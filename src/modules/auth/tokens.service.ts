import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

import type { AccessTokenPayload, Role } from '../../common/auth/authenticated-user';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { SessionsRepository } from './sessions.repository';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Lifetime of the access token, seconds. */
  expiresIn: number;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Spec: Authentication 2-3. JWT HS256 access tokens; opaque 256-bit refresh tokens kept only as SHA-256. */
@Injectable()
export class TokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
  ) {}

  /** A new pair; familyId continues a session, or starts one at login. */
  async issue(user: { id: string; role: Role }, familyId: string = randomUUID()): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.sessions.insert({
      userId: user.id,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + this.config.auth.refreshTtlSec * 1000),
    });
    const payload: AccessTokenPayload = { sub: user.id, role: user.role };
    return { accessToken: this.jwt.sign(payload), refreshToken, expiresIn: this.config.auth.accessTtlSec };
  }
}
