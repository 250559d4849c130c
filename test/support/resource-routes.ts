import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { TestUser } from './identity';
import type { TestApp } from './test-app';

type Payload = Record<string, unknown>;

/** The five routes of a resource with a collection path (POST, GET list, GET, PATCH, DELETE :id), sent as `owner` unless told. */
export interface ResourceRoutes {
  post(payload: Payload, user?: TestUser): Promise<LightMyRequestResponse>;
  /** POST that must answer 201: the created resource. */
  created(payload: Payload, user?: TestUser): Promise<Payload & { id: string }>;
  list(query: string, user?: TestUser): Promise<LightMyRequestResponse>;
  get(id: string, user?: TestUser): Promise<LightMyRequestResponse>;
  patch(id: string, payload: Payload, user?: TestUser): Promise<LightMyRequestResponse>;
  remove(id: string, user?: TestUser): Promise<LightMyRequestResponse>;
}

export function resourceRoutes(t: () => TestApp, path: string, owner: () => TestUser): ResourceRoutes {
  const as = (user?: TestUser) => (user ?? owner()).auth;
  const post: ResourceRoutes['post'] = (payload, user) => t().request({ method: 'POST', url: path, payload, headers: as(user) });
  return {
    post,
    created: async (payload, user) => {
      const response = await post(payload, user);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    list: (query, user) => t().request({ method: 'GET', url: `${path}?${query}`, headers: as(user) }),
    get: (id, user) => t().request({ method: 'GET', url: `${path}/${id}`, headers: as(user) }),
    patch: (id, payload, user) => t().request({ method: 'PATCH', url: `${path}/${id}`, payload, headers: as(user) }),
    remove: (id, user) => t().request({ method: 'DELETE', url: `${path}/${id}`, headers: as(user) }),
  };
}
