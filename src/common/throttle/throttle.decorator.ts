import type { ThrottleGroup } from '../../config/app-config';
import { RouteConfigPart } from '../http/route-config';

/** What a route tells the inbound limit, carried in its Fastify route config (read before Nest runs). */
export interface ThrottleRouteConfig {
  throttleGroup?: Exclude<ThrottleGroup, 'general'>;
  skipThrottle?: true;
}

/** Spec: Limits / Inbound. The route also counts against this group (auth, refresh, llm) besides general. */
export const ThrottleGroupOf = (group: Exclude<ThrottleGroup, 'general'>): MethodDecorator =>
  RouteConfigPart({ throttleGroup: group } satisfies ThrottleRouteConfig);

/** Probes of load balancers and orchestrators are never limited. */
export const SkipThrottle = (): MethodDecorator => RouteConfigPart({ skipThrottle: true } satisfies ThrottleRouteConfig);
