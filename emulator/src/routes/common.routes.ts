import type { FastifyInstance } from 'fastify';

import { moscowIso } from '../moscow-time';
import type { Scope } from '../scopes';

/** Reference 1: every host answers GET /ping, for a token of any category. */
export function registerPing(app: FastifyInstance, scope: Scope): void {
  app.get('/ping', { config: { scope, path: '/ping' } }, async () => ({ TS: moscowIso(Date.now()), Status: 'OK' }));
}
