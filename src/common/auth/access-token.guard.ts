import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { AccessTokenPayload, AuthenticatedUser, ROLES } from './authenticated-user';
import { IS_PUBLIC } from './public.decorator';

const INVALID_TOKEN = 'Требуется действительный токен доступа';

/** Spec: Authentication 1-2. Every route needs a Bearer HS256 access token unless marked @Public(). */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtService,
    private readonly reflector: Reflector,
  ) {}

  /** Synchronous: HS256 verification needs no I/O, and public routes pay nothing. */
  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    let payload: AccessTokenPayload;
    try {
      payload = this.jwt.verify<AccessTokenPayload>(token, { algorithms: ['HS256'] });
    } catch {
      throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    }
    if (typeof payload.sub !== 'string' || !ROLES.includes(payload.role)) throw new AppError('UNAUTHORIZED', INVALID_TOKEN);
    request.user = { id: payload.sub, role: payload.role };
    return true;
  }
}
