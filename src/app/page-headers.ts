import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';

/**
 * The pages the service serves, the web app (/app) and Swagger UI (/api/docs): scripts only from files of this origin
 * (no inline script), styles inline too (Mantine and Swagger UI set them at run time), images also as data: URLs
 * (icons in their style sheets), requests only to this origin, never inside another site's frame.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
  // The pages' addresses (an account id in /app/accounts/...) stay out of what other sites see.
  'Referrer-Policy': 'no-referrer',
};

/** An onRequest hook: the page headers on whatever the route answers, its errors included. */
export function sendPageHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.headers(PAGE_HEADERS);
  done();
}

/** An onRoute hook giving the page headers to every route whose path starts with the prefix. */
export function pageHeadersUnder(prefix: string): (route: RouteOptions) => void {
  return (route) => {
    if (!route.url.startsWith(prefix)) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...existing, sendPageHeaders];
  };
}
