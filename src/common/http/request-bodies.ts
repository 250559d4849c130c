import { errorCodes, FastifyInstance } from 'fastify';

import { RouteConfigPart } from './route-config';

/** What a route tells the body parsers, in its Fastify route config. */
export interface RequestBodyRouteConfig {
  acceptsMultipart?: true;
}

/** A route that takes files also accepts multipart/form-data; its handler reads the parts from the request stream. */
export const AcceptsMultipart = (): MethodDecorator => RouteConfigPart({ acceptsMultipart: true } satisfies RequestBodyRouteConfig);

/**
 * API conventions: a body is JSON, or multipart/form-data on a route that opts in with @AcceptsMultipart. Any other
 * type (a form, text/plain) is refused with 415 UNSUPPORTED_MEDIA_TYPE before a handler runs: a cross-site form can send
 * only those types, and they would otherwise reach validation. Nest's own parsers (JSON, urlencoded) are left off
 * (bodyParser: false); Fastify's JSON parser stays. Registered before the plugins whose routes it covers.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    if ((request.routeOptions.config as RequestBodyRouteConfig).acceptsMultipart) return done(null);
    done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
  });
}
