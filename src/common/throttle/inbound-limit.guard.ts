import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ThrottleGroup } from '../../config/app-config';
import { AppError } from '../errors/app-error';
import { SKIP_THROTTLE, THROTTLE_GROUP } from './throttle.decorators';
import { InboundLimiterService } from './inbound-limiter.service';

@Injectable()
export class InboundLimitGuard implements CanActivate {
  private readonly logger = new Logger('InboundLimit');

  constructor(
    private readonly limiter: InboundLimiterService,
    private readonly reflector: Reflector,
  ) {}

  /** Synchronous when nothing is counted, so that unlimited routes pay no promise. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.limiter.enabled) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_THROTTLE, targets)) return true;
    const group = this.reflector.getAllAndOverride<ThrottleGroup | undefined>(THROTTLE_GROUP, targets);
    // request.ip honours TRUST_PROXY_HOPS through Fastify's trustProxy.
    return this.count(context.switchToHttp().getRequest<FastifyRequest>().ip, group);
  }

  private async count(ip: string, group: ThrottleGroup | undefined): Promise<boolean> {
    let waitMs: number;
    try {
      waitMs = await this.limiter.hit(ip, group ? ['general', group] : ['general']);
    } catch (error) {
      // Redis away: serve rather than refuse everyone; /health reports the outage.
      this.logger.warn(`inbound limit not checked: ${(error as Error).message}`);
      return true;
    }
    if (waitMs > 0) throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) });
    return true;
  }
}
