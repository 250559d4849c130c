import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, Type, UseGuards } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../errors/app-error';
import { AuthenticatedUser } from './authenticated-user';
import { DATA_SCOPE, DataScope } from './data-scope';
import { DataScopeService } from './data-scope.service';

type Source = 'query' | 'body' | 'param';

interface AccountScopeOptions {
  /** Where the account id is: ?mpAccountId=, {mpAccountId} in the body, or a path parameter. */
  from: Source;
  /** The field or parameter name; mpAccountId by default. */
  key?: string;
  /** A route where the account is an optional filter: no id, no check. */
  optional?: boolean;
  /** The route's DTO checks the account id: a malformed one is left to it, answered with the other fields' errors. */
  validated?: boolean;
  /** A manager sees the account's brands granted to them (the scope's brandIds); otherwise only admin and owner pass. */
  brands?: boolean;
  /** The field of an optional brand filter, next to the account id: a brand outside the account or the scope is 404. */
  brand?: string;
}

/** Finds the account of an entity a `:id` route names; undefined when there is no such entity. */
export interface EntityAccounts {
  accountOf(id: string): Promise<string | undefined>;
}

interface EntityScopeOptions {
  accounts: Type<EntityAccounts>;
  notFound: string;
  param: string;
  /** A manager reaches the entity through the account's brands granted to them (the scope's brandIds), as AccountScope's brands. */
  brands: boolean;
}

const ACCOUNT_SCOPE = Symbol('ACCOUNT_SCOPE');
const BRAND_SCOPE = Symbol('BRAND_SCOPE');
const ENTITY_SCOPE = Symbol('ENTITY_SCOPE');

type ScopedRequest = FastifyRequest & { user: AuthenticatedUser; [DATA_SCOPE]?: DataScope };

/** An id as the request carries it, in its query, body or path. */
export function readId(request: FastifyRequest, from: Source, key: string): unknown {
  const holder = (from === 'query' ? request.query : from === 'body' ? request.body : request.params) as
    Record<string, unknown> | undefined;
  return holder?.[key];
}

/** A path or body id that must be a UUID; anything else is VALIDATION_FAILED on that field. */
export function requireUuid(value: unknown, field: string): string {
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
    if (options.validated && !(typeof value === 'string' && isUUID(value))) return true;
    const scope = await this.scope.accountScope(request.user, requireUuid(value, options.key), options.brands);
    const brandId = options.brand === undefined ? undefined : readId(request, options.from, options.brand);
    // A malformed brand id is left to the route's validation, which answers it with the other fields' errors.
    request[DATA_SCOPE] = typeof brandId === 'string' && isUUID(brandId) ? await this.scope.withinBrand(scope, brandId) : scope;
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

@Injectable()
export class EntityScopeGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly scope: DataScopeService,
    private readonly modules: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { accounts, notFound, param, brands } = this.reflector.get<EntityScopeOptions>(ENTITY_SCOPE, context.getHandler());
    const request = context.switchToHttp().getRequest<ScopedRequest>();
    const accountId = await this.modules.get(accounts, { strict: false }).accountOf(requireUuid(readId(request, 'param', param), param));
    if (accountId === undefined) throw AppError.notFound(notFound);
    request[DATA_SCOPE] = await this.scope.accountScope(request.user, accountId, brands).catch(() => {
      throw AppError.notFound(notFound);
    });
    return true;
  }
}

/**
 * The one data-scope check for account-scoped routes: put it on the handler and say where mpAccountId is; the handler
 * takes what the user may see of the account with @CurrentScope(). A foreign account answers 404 exactly like one that
 * does not exist.
 */
export function AccountScope(options: AccountScopeOptions): MethodDecorator {
  return applyDecorators(
    SetMetadata(ACCOUNT_SCOPE, { key: 'mpAccountId', optional: false, validated: false, brands: false, ...options }),
    UseGuards(AccountScopeGuard),
  );
}

/** For routes with a brand id in the path: admin, the account's owner, or a manager with a grant; others get 404. */
export function BrandScope(param = 'brandId'): MethodDecorator {
  return applyDecorators(SetMetadata(BRAND_SCOPE, param), UseGuards(BrandScopeGuard));
}

/**
 * For routes with an entity's id in the path: `accounts` (a provider of the entity's module) finds the entity's account,
 * which must be within reach; a missing entity and one of an account out of reach both answer 404 `notFound`.
 */
export function EntityScope(accounts: Type<EntityAccounts>, notFound: string, param = 'id', { brands = false } = {}): MethodDecorator {
  return applyDecorators(SetMetadata(ENTITY_SCOPE, { accounts, notFound, param, brands }), UseGuards(EntityScopeGuard));
}
