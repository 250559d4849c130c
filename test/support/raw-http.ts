import { connect } from 'node:net';

/** Shaped like an inject() answer, so that expectErrorEnvelope reads it. */
export interface RawResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): any;
}

/** One HTTP/1.1 answer as read from a socket. */
export function parseRawResponse(text: string): RawResponse {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const body = rest.join('\r\n\r\n');
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body, json: () => JSON.parse(body) };
}

/** Writes bytes to the server as they are (no client library encodes the target) and reads the whole answer. */
export function rawHttp(port: number, request: Buffer | string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseRawResponse(Buffer.concat(chunks).toString('utf8'))));
  });
}

/** A GET with Connection: close whose target is sent byte for byte as UTF-8. */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = [
    `GET ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return rawHttp(port, Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'));
}
