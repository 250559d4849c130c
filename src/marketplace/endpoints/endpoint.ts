import type { MpScope } from '../../config/marketplace-scopes';
import type { Shape } from './shape';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | undefined;

/** The marketplace's kinds of key (reference 0.2); some calls take only some of them. */
export type TokenType = 'base' | 'test' | 'personal' | 'service';

/** What one call sends: query parameters, a JSON body, and the path where it holds an id. */
export interface EndpointRequest {
  /** The path with its parameters filled in, where the definition's path has placeholders (`/api/v3/stocks/{warehouseId}`). */
  path?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Request headers the call itself needs (reference 15.5: the card and position of an uploaded file). */
  headers?: Record<string, string>;
  /** A file sent as multipart/form-data in the part `field`, instead of a JSON body. */
  upload?: UploadedFile;
}

export interface UploadedFile {
  field: string;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/**
 * One marketplace call: where it goes, how its parameters P become the request, and the shape of a 2xx answer R.
 * `rejections`: statuses other than 2xx handed back to the caller with their body unchecked (J = unknown), such as
 * the 400 of a price upload; every other status is the client's error.
 */
export interface Endpoint<P = void, R = unknown, J = never> {
  scope: MpScope;
  /** The call in the seller's words, group first («Цены: загрузка»): the quota view names its bucket by it. */
  label: string;
  method: HttpMethod;
  /** The path within the scope, without the query. */
  path: string;
  request(params: P): EndpointRequest;
  response: Shape<R>;
  rejections?: readonly number[];
  /** A 4xx answer (other than 429) takes this many tokens in all from the call's bucket (reference 10.3-10.5: 10). */
  clientErrorCost?: number;
  /** The kinds of key the call takes, where not all (its `x-token-types`): a 403 then says which the seller needs. */
  tokenTypes?: readonly TokenType[];
  /** Phantom: the rejection body's type. */
  readonly rejection?: J;
}

/** A call without parameters. */
export const noParams = (): EndpointRequest => ({});

/** The parameters are the query. */
export function inQuery<P extends object>(params: P): EndpointRequest {
  return { query: params as Record<string, QueryValue> };
}

/** The parameters are the JSON body. */
export function inBody<P>(params: P): EndpointRequest {
  return { body: params };
}

/** The definition's path with each `{name}` replaced by its value. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** How the rate overrides name an endpoint: `scope:path`. */
export function endpointKey(endpoint: { scope: MpScope; path: string }): string {
  return `${endpoint.scope}:${endpoint.path}`;
}
