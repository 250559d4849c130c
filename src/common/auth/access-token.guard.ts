import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../errors/app-error';
import { AccessTokenPayload, AuthenticatedUser, ROLES } from './authenticated-user';
import { IS_PUBLIC } from './public.decorator';
import { routeMetadata } from './route-metadata';
import { VerifiedTokens } from './verified-tokens';

const INVALID_TOKEN = 'Требуется действительный токен доступа';

/** Spec: Authentication 1-2. Every route needs a Bearer HS256 access token unless marked @Public(). */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  private readonly isPublic: (context: ExecutionContext) => boolean | undefined;
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly jwt: JwtService,
    reflector: Reflector,
  ) {
    this.isPublic = routeMetadata<boolean>(reflector, IS_PUBLIC);
  }

  /** Synchronous: HS256 verification needs no I/O, and public routes pay nothing. */
  canActivate(context: ExecutionContext): boolean {
    if (this.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    request.user = this.verified.get(token) ?? this.verify(token);
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
