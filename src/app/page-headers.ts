import type { onRequestHookHandler, RouteOptions } from 'fastify';

import type { AppConfig } from '../config/app-config';

/**
 * The pages the service serves, the web app (/app) and Swagger UI (/api/docs): scripts only from files of this origin
 * (no inline script), styles inline too (Mantine and Swagger UI set them at run time), images also as data: URLs
 * (icons in their style sheets) and from the origins of the product photos, requests only to this origin, never inside
 * another site's frame.
 */
export function pageContentSecurityPolicy(photoOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...photoOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins the web app shows images from: the product photos' and the public address of the A/B tests' images. */
export function pageImageOrigins(config: Pick<AppConfig, 'marketplace' | 'abTests'>): string[] {
  return [...config.marketplace.photoOrigins, new URL(config.abTests.publicBaseUrl).origin];
}

/** An onRequest hook: the page headers on whatever the route answers, its errors included. */
export function pageHeaders(photoOrigins: readonly string[]): onRequestHookHandler {
  const headers = {
    'Content-Security-Policy': pageContentSecurityPolicy(photoOrigins),
    // The pages' addresses (an account id in /app/accounts/...) stay out of what other sites see.
    'Referrer-Policy': 'no-referrer',
  };
  return (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
}

/** An onRoute hook giving the page headers to every route whose path starts with the prefix. */
export function pageHeadersUnder(prefix: string, photoOrigins: readonly string[]): (route: RouteOptions) => void {
  const sendPageHeaders = pageHeaders(photoOrigins);
  return (route) => {
    if (!route.url.startsWith(prefix)) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...existing, sendPageHeaders];
  };
}
