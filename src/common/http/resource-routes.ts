import { applyDecorators, Delete, Get, HttpCode, Patch, Post, Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { AccountScope, EntityAccounts, EntityScope } from '../auth/scope.guard';
import { ApiPageResponse } from './pagination.dto';

/** What the API docs say of a route. */
export interface RouteDoc {
  summary: string;
  description?: string;
}

/** POST of an account's resource (mpAccountId in the body): 201 with the resource. */
export function CreateRoute(doc: RouteDoc, type: Type<unknown>): MethodDecorator {
  return applyDecorators(Post(), AccountScope({ from: 'body' }), ApiOperation(doc), ApiCreatedResponse({ type }));
}

/** GET of an account's resources (mpAccountId in the query), one page of them. */
export function ListRoute(doc: RouteDoc, type: Type<unknown>): MethodDecorator {
  return applyDecorators(Get(), AccountScope({ from: 'query' }), ApiOperation(doc), ApiPageResponse(type));
}

/** The resource an item route acts on: who finds its account, and the 404 message when it is missing or out of reach. */
export interface ItemScope {
  accounts: Type<EntityAccounts>;
  notFound: string;
}

/** GET or PATCH of one resource by :id: 200 with it. */
export function ItemRoute(method: 'GET' | 'PATCH', scope: ItemScope, doc: RouteDoc, type: Type<unknown>): MethodDecorator {
  const route = method === 'GET' ? Get(':id') : Patch(':id');
  return applyDecorators(route, EntityScope(scope.accounts, scope.notFound), ApiOperation(doc), ApiOkResponse({ type }));
}

/** DELETE of one resource by :id: 204. */
export function DeleteRoute(scope: ItemScope, doc: RouteDoc): MethodDecorator {
  return applyDecorators(
    Delete(':id'),
    EntityScope(scope.accounts, scope.notFound),
    HttpCode(204),
    ApiOperation(doc),
    ApiNoContentResponse(),
  );
}
