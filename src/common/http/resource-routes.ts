import { applyDecorators, Delete, Get, HttpCode, Patch, Post, Type } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { AccountScope, EntityAccounts, EntityScope } from '../auth/scope.guard';
import { ApiErrorBodyDto } from '../errors/api-error-body.dto';
import { Cap, capRule } from '../errors/cap-reached';
import { ApiPageResponse } from './pagination.dto';

/** What the API docs say of a route. */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** Caps that can refuse the route: each said in its description, with the 409. */
  caps?: Cap[];
  /** Another 409 of a capped route, which its description already says: for the 409's own description. */
  conflict?: string;
}

/** The route's operation in the API docs and, when caps can refuse it, each cap in its description and its 409. */
export function RouteDocs(doc: RouteDoc): MethodDecorator {
  const { caps = [], conflict, ...operation } = doc;
  if (caps.length === 0) return ApiOperation(operation);
  const rules = caps.map(capRule);
  const description = [operation.description, ...rules].filter(Boolean).join(' ');
  const conflicts = [...rules, ...(conflict ? [conflict] : [])].join(' ');
  return applyDecorators(
    ApiOperation({ ...operation, description }),
    ApiConflictResponse({ type: ApiErrorBodyDto, description: `CONFLICT. ${conflicts}` }),
  );
}

/** POST of an account's resource (mpAccountId in the body): 201 with the resource. */
export function CreateRoute(doc: RouteDoc, type: Type<unknown>): MethodDecorator {
  return applyDecorators(Post(), AccountScope({ from: 'body' }), RouteDocs(doc), ApiCreatedResponse({ type }));
}

/** GET of an account's resources (mpAccountId in the query), one page of them. */
export function ListRoute(doc: RouteDoc, type: Type<unknown>): MethodDecorator {
  return applyDecorators(Get(), AccountScope({ from: 'query' }), RouteDocs(doc), ApiPageResponse(type));
}

/** The resource an item route acts on: who finds its account, and the 404 message when it is missing or out of reach. */
export interface ItemScope {
  accounts: Type<EntityAccounts>;
  notFound: string;
}

/** GET or PATCH of one resource by :id: 200 with it. */
export function ItemRoute(method: 'GET' | 'PATCH', scope: ItemScope, doc: RouteDoc, type: Type<unknown>): MethodDecorator {
  const route = method === 'GET' ? Get(':id') : Patch(':id');
  return applyDecorators(route, EntityScope(scope.accounts, scope.notFound), RouteDocs(doc), ApiOkResponse({ type }));
}

/** DELETE of one resource by :id: 204. */
export function DeleteRoute(scope: ItemScope, doc: RouteDoc): MethodDecorator {
  return applyDecorators(Delete(':id'), EntityScope(scope.accounts, scope.notFound), HttpCode(204), RouteDocs(doc), ApiNoContentResponse());
}
