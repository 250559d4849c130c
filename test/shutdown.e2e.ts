import { connect } from 'node:net';

import { describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { parseRawResponse } from './support/raw-http';
import { startTestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

describe('shutdown', () => {
  it('a request arriving while the server closes answers 503 SERVICE_UNAVAILABLE in the envelope; the running one finishes', async () => {
    const t = await startTestApp({ extraImports: [TestRoutesModule] });
    await t.app.listen(0, '127.0.0.1');
    const server = t.app.getHttpServer();
    const { port } = server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /__test__/slow-query HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const closed = t.close();
    while (server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
    // Pipelined behind the running request on the same connection: it arrives after closing began.
    socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: during-shutdown-1\r\n\r\n');
    await socketClosed;
    await closed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    const answer = parseRawResponse(second);
    expect(expectErrorEnvelope(answer, 503, 'SERVICE_UNAVAILABLE').traceId).toBe('during-shutdown-1');
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.headers.connection).toBe('close');
  });
});
