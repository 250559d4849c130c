import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DatabaseProbeModule } from './support/database-probe.module';
import { expectErrorEnvelope } from './support/envelope';
import { captureLogs } from './support/log-capture';
import { startTestApp, TestApp } from './support/test-app';

// One capture for the file: Nest's own logger writes through the root logger of the first application of the process.
const logs = captureLogs();

/** Lines of one request, parsed. */
function linesOf(lines: string[], reqId: string): Record<string, unknown>[] {
  return lines.filter((line) => line.includes(reqId)).map((line) => JSON.parse(line));
}

describe('database errors in the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rootLogger: logs.rootLogger, extraImports: [DatabaseProbeModule] });
  });
  afterAll(() => t.close());

  it('an unhandled database error is logged by statement, code and table, never with its parameters', async () => {
    const secret = 'secret-parameter-4f9a1c';
    const response = await t.request({
      method: 'POST',
      url: `/__probe__/unknown-table/${secret}`,
      headers: { 'x-request-id': 'db-log-1' },
    });
    expectErrorEnvelope(response, 500, 'INTERNAL_ERROR');
    const lines = linesOf(logs.lines, 'db-log-1');
    expect(lines.find((line) => line.msg === 'unhandled error')?.err).toEqual({
      type: 'DatabaseError',
      statement: 'select no_such_table',
      code: '42P01',
    });
    expect(logs.lines.join('\n')).not.toContain(secret);
  });
});

describe('PostgreSQL unreachable, in the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      rootLogger: logs.rootLogger,
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DB_CONNECTION_TIMEOUT_MS: '500' },
    });
  });
  afterAll(() => t.close());

  it('the 503 of a registration and a refresh logs the failed statement, not the e-mail or the refresh-token hash', async () => {
    const email = 'logged-nowhere-7d2e@example.com';
    const refreshToken = 'refresh-token-never-logged-0c41';
    const register = await t.request({
      method: 'POST',
      url: '/auth/register',
      headers: { 'x-request-id': 'db-log-2' },
      payload: { email, password: 'Secret-pass-1', displayName: 'Имя' },
    });
    expectErrorEnvelope(register, 503, 'SERVICE_UNAVAILABLE');
    const refresh = await t.request({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'x-request-id': 'db-log-3' },
      payload: { refreshToken },
    });
    expectErrorEnvelope(refresh, 503, 'SERVICE_UNAVAILABLE');

    const warning = linesOf(logs.lines, 'db-log-2').find((line) => line.code === 'SERVICE_UNAVAILABLE');
    expect(warning?.cause).toMatchObject({
      type: 'DatabaseError',
      statement: 'insert "users"',
      cause: expect.stringContaining('ECONNREFUSED'),
    });
    const everything = logs.lines.join('\n');
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(createHash('sha256').update(refreshToken).digest('hex'));
    expect(everything).not.toContain(createHash('sha256').update(refreshToken).digest('base64url'));
    expect(everything).not.toContain('params:');
  });
});
