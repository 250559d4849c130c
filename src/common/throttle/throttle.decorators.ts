import { SetMetadata } from '@nestjs/common';
import type { ThrottleGroup } from '../../config/app-config';

export const THROTTLE_GROUP = Symbol('THROTTLE_GROUP');
export const SKIP_THROTTLE = Symbol('SKIP_THROTTLE');

/** Spec: Limits / Inbound. The route also counts against this group (auth, refresh, llm) besides general. */
export const ThrottleGroupOf = (group: Exclude<ThrottleGroup, 'general'>): MethodDecorator & ClassDecorator => SetMetadata(THROTTLE_GROUP, group);

/** Probes of load balancers and orchestrators are never limited. */
export const SkipThrottle = (): MethodDecorator & ClassDecorator => SetMetadata(SKIP_THROTTLE, true);
