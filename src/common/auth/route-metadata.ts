import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A guard's route metadata (handler first, then its class), read once per handler and class: Reflector walks the
 * metadata maps of both on every call, which global guards otherwise pay on every request.
 */
export function routeMetadata<T>(reflector: Reflector, key: symbol): (context: ExecutionContext) => T | undefined {
  const byHandler = new WeakMap<object, Map<object, T | undefined>>();
  return (context) => {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byClass = byHandler.get(handler);
    if (!byClass) {
      byClass = new Map();
      byHandler.set(handler, byClass);
    }
    if (!byClass.has(controller)) byClass.set(controller, reflector.getAllAndOverride<T>(key, [handler, controller]));
    return byClass.get(controller);
  };
}
