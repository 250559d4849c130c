import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../errors/app-error';
import { AccessTokenPayload, AuthenticatedUser, ROLES } from './authenticated-user';
import { IS_PUBLIC } from './public.decorator';
import { routeMetadata } from './route-metadata';
import { TokenRoles } from './token-roles';
import { VerifiedTokens } from './verified-tokens';

const INVALID_TOKEN = 'Требуется действительный токен доступа';
const ROLE_CHANGED = 'Роль пользователя изменилась: обновите токен доступа';

/**
 * Spec: Authentication 1-2. Every route needs a Bearer HS256 access token unless marked @Public(), whose role is still
 * the user's: after a role change the old tokens answer 401 and the client refreshes into the new role.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  private readonly isPublic: (context: ExecutionContext) => boolean | undefined;
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly jwt: JwtService,
    private readonly roles: TokenRoles,
    reflector: Reflector,
  ) {
    this.isPublic = routeMetadata<boolean>(reflector, IS_PUBLIC);
  }

  /** Public routes pay nothing; an authenticated one pays the HMAC once per token and the role read every time. */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    const user = this.verified.get(token) ?? this.verify(token);
    if (await this.roles.outdated(user.id, user.role)) throw new AppError('UNAUTHORIZED', ROLE_CHANGED);
    request.user = user;
    return true;
  }

  private verify(token: string): AuthenticatedUser {
    let payload: AccessTokenPayload & { exp?: number };
    try {
      payload = this.jwt.verify<AccessTokenPayload & { exp?: number }>(token, { algorithms: ['HS256'] });
    } catch {
      throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    }
    if (typeof payload.sub !== 'string' || !ROLES.includes(payload.role)) throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    const user: AuthenticatedUser = { id: payload.sub, role: payload.role };
    this.verified.remember(token, user, payload.exp);
    return user;
  }
}
