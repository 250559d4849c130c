import fastifyMultipart from '@fastify/multipart';
import { errorCodes, FastifyInstance, FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify';

import { RouteConfigPart } from './route-config';

declare module 'fastify' {
  /**
   * A route's config carries each application's own fields (here the body and throttle settings, in the emulator its
   * scope); @fastify/multipart's one optional field would otherwise make every other config a type error.
   */
  interface FastifyContextConfig {
    [field: string]: unknown;
  }
}

/** What a route tells the body parsers, in its Fastify route config. */
export interface RequestBodyRouteConfig {
  acceptsMultipart?: true;
}

/** A route that takes files also accepts multipart/form-data; its handler reads the parts (readMultipartUpload). */
export const AcceptsMultipart = (): MethodDecorator => RouteConfigPart({ acceptsMultipart: true } satisfies RequestBodyRouteConfig);

const MULTIPART = 'multipart/form-data';
/** Methods whose body Fastify reads; a GET's body is never parsed. */
const WITHOUT_BODY = new Set(['GET', 'HEAD']);

function isMultipart(request: FastifyRequest): boolean {
  const header = request.headers['content-type'];
  return header !== undefined && header.split(';', 1)[0].trim().toLowerCase() === MULTIPART;
}

/** On a route without files, multipart is refused like any other type without a parser, before its body is read. */
const refuseMultipart: preParsingHookHandler = (request, _reply, payload, done) => {
  if (isMultipart(request)) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']));
  done(null, payload);
};

function takesBody(method: RouteOptions['method']): boolean {
  return (Array.isArray(method) ? method : [method]).some((name) => !WITHOUT_BODY.has(name));
}

/**
 * API conventions: a body is JSON, or multipart/form-data on a route that opts in with @AcceptsMultipart. Any other
 * type (a form, text/plain) is refused with 415 UNSUPPORTED_MEDIA_TYPE before a handler runs: a cross-site form can send
 * only those types, and they would otherwise reach validation. Nest's own parsers (JSON, urlencoded) are left off
 * (bodyParser: false); Fastify's JSON parser stays with its 100 KB limit. @fastify/multipart takes multipart bodies
 * without reading them; every route that does not opt in gets a preParsing check that refuses them, so only the upload
 * routes read a form, each with its own size limit. Registered before the routes it covers.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  fastify.addHook('onRoute', (route) => {
    if ((route.config as RequestBodyRouteConfig | undefined)?.acceptsMultipart || !takesBody(route.method)) return;
    const current = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [refuseMultipart, ...current];
  });
  void fastify.register(fastifyMultipart, { throwFileSizeLimit: true });
}
