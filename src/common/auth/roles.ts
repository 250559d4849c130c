import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { AppError } from '../errors/app-error';
import { AuthenticatedUser, Role } from './authenticated-user';
import { routeMetadata } from './route-metadata';

export const ROLES_KEY = Symbol('ROLES');

/** Only these roles may call the route; others get 403 FORBIDDEN. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);

@Injectable()
export class RolesGuard implements CanActivate {
  private readonly rolesOf: (context: ExecutionContext) => Role[] | undefined;

  constructor(reflector: Reflector) {
    this.rolesOf = routeMetadata<Role[]>(reflector, ROLES_KEY);
  }

  canActivate(context: ExecutionContext): boolean {
    const roles = this.rolesOf(context);
    if (!roles) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user || !roles.includes(user.role)) throw new AppError('FORBIDDEN');
    return true;
  }
}
