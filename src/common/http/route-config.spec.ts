import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { describe, expect, it } from 'vitest';

import { ThrottleGroupOf } from '../throttle/throttle.decorator';
import { AcceptsMultipart } from './request-bodies';

describe('route config parts', () => {
  it('keep each other, in either order', () => {
    class Routes {
      @ThrottleGroupOf('llm')
      @AcceptsMultipart()
      first(): void {}

      @AcceptsMultipart()
      @ThrottleGroupOf('llm')
      second(): void {}
    }
    for (const route of [Routes.prototype.first, Routes.prototype.second])
      expect(Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, route)).toEqual({ throttleGroup: 'llm', acceptsMultipart: true });
  });
});
