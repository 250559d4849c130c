import { connect, Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { parseRawResponse } from './support/raw-http';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      HTTP_REQUEST_TIMEOUT_MS: '1500',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      HTTP_CONNECTION_TIMEOUT_MS: '5000',
    },
  });
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as { port: number }).port;
});
afterAll(() => t.close());

/** A socket that records what it receives and when it is closed. */
function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let data = '';
    const socket = connect(port, '127.0.0.1', () => resolve({ socket, received: () => data, closed }));
    socket.on('data', (chunk) => (data += chunk));
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
  });
}

describe('server timeouts', () => {
  it('headers not complete within HTTP_HEADERS_TIMEOUT_MS answer 408 REQUEST_TIMEOUT and close the connection', async () => {
    const { socket, received, closed } = await open();
    socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const elapsed = await closed;
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expectErrorEnvelope(parseRawResponse(received()), 408, 'REQUEST_TIMEOUT');
  });

  it('a body not complete within HTTP_REQUEST_TIMEOUT_MS answers 408 REQUEST_TIMEOUT', async () => {
    const { socket, received, closed } = await open();
    socket.write('POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    expect(await closed).toBeGreaterThanOrEqual(1500);
    expectErrorEnvelope(parseRawResponse(received()), 408, 'REQUEST_TIMEOUT');
  });

  it('an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { socket, received, closed } = await open();
    socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const elapsed = await closed;
    expect(received()).toMatch(/^HTTP\/1.1 200/);
    expect(received()).toContain('Keep-Alive: timeout=1');
    expect(elapsed).toBeLessThan(4000);
  });
});
