import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = Symbol('IS_PUBLIC');
export const PUBLIC_EXTENSION = 'x-public';

/** The route needs no access token (spec: Endpoints, routes marked public); the contract shows it without security. */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));
