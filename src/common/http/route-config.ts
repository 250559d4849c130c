import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';

/**
 * Adds fields to a route's Fastify config (read by hooks before Nest runs). Nest's own @RouteConfig replaces the whole
 * config, so two of them on one route (a throttle group and multipart) would keep only one.
 */
export function RouteConfigPart(part: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, descriptor.value as object) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...part }, descriptor.value as object);
    return descriptor;
  };
}
