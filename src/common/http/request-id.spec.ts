import type { IncomingMessage } from 'node:http';

import { describe, expect, it } from 'vitest';

import { requestIdFor } from './request-id';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('requestIdFor', () => {
  it('generates distinct UUID-shaped ids', () => {
    const ids = Array.from({ length: 1000 }, () => requestIdFor(withHeaders({})));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reuses a safe client id and replaces an unsafe one', () => {
    expect(requestIdFor(withHeaders({ 'x-request-id': 'client-trace.42:a_b' }))).toBe('client-trace.42:a_b');
    expect(requestIdFor(withHeaders({ 'x-request-id': 'bad id\n' }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(withHeaders({ 'x-request-id': 'x'.repeat(129) }))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
