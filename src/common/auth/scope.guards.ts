import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../errors/app-error';
import { AuthenticatedUser } from './authenticated-user';
import { DataScopeService } from './data-scope.service';

type Source = 'query' | 'body' | 'param';

interface AccountScopeOptions {
  /** Where the account id is: ?mpAccountId=, {mpAccountId} in the body, or a path parameter. */
  from: Source;
  /** The field or parameter name; mpAccountId by default. */
  key?: string;
  /** A route where the account is an optional filter: no id, no check. */
  optional?: boolean;
}

const ACCOUNT_SCOPE = Symbol('ACCOUNT_SCOPE');
const BRAND_SCOPE = Symbol('BRAND_SCOPE');

type ScopedRequest = FastifyRequest & { user: AuthenticatedUser };

function readId(request: FastifyRequest, from: Source, key: string): unknown {
  const holder = (from === 'query' ? request.query : from === 'body' ? request.body : request.params) as
    Record<string, unknown> | undefined;
  return holder?.[key];
}

function requireUuid(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isUUID(value)) throw AppError.validation([{ field, errors: ['isUUID'] }]);
  return value;
}

@Injectable()
export class AccountScopeGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly scope: DataScopeService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<Required<AccountScopeOptions>>(ACCOUNT_SCOPE, context.getHandler());
    const request = context.switchToHttp().getRequest<ScopedRequest>();
    const value = readId(request, options.from, options.key);
    if (value === undefined && options.optional) return true;
    await this.scope.assertAccountReachable(request.user, requireUuid(value, options.key));
    return true;
  }
}

@Injectable()
export class BrandScopeGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly scope: DataScopeService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const key = this.reflector.get<string>(BRAND_SCOPE, context.getHandler());
    const request = context.switchToHttp().getRequest<ScopedRequest>();
    await this.scope.assertBrandReachable(request.user, requireUuid(readId(request, 'param', key), key));
    return true;
  }
}

/**
 * The one data-scope check for account-scoped routes: put it on the handler and say where mpAccountId is.
 * A foreign account answers 404 exactly like one that does not exist.
 */
export function AccountScope(options: AccountScopeOptions): MethodDecorator {
  return applyDecorators(SetMetadata(ACCOUNT_SCOPE, { key: 'mpAccountId', optional: false, ...options }), UseGuards(AccountScopeGuard));
}

/** For routes with a brand id in the path: admin, the account's owner, or a manager with a grant; others get 404. */
export function BrandScope(param = 'brandId'): MethodDecorator {
  return applyDecorators(SetMetadata(BRAND_SCOPE, param), UseGuards(BrandScopeGuard));
}
