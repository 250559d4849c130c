import { createParamDecorator, ExecutionContext } from '@nestjs/common';

export const ROLES = ['admin', 'seller', 'manager'] as const;
export type Role = (typeof ROLES)[number];

/** What a verified access token says about its bearer. */
export interface AuthenticatedUser {
  id: string;
  role: Role;
}

export interface AccessTokenPayload {
  sub: string;
  role: Role;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  return context.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});
