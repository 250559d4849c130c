import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import sharp from 'sharp';

import type { TestApp } from './test-app';

/**
 * The service's public address as the marketplace reaches it in tests: the service runs in-process (no port), so this
 * small server passes the public image requests to it; it also hosts the card's own files (photos, a video) and can
 * answer an image with a smaller one than the service stores, as a marketplace would refuse it.
 */
export interface MediaHost {
  url: string;
  /** Hosts a file at `<url>/files/<name>` and answers its address. */
  put(name: string, bytes: Buffer, contentType: string): string;
  /** The image of this public token is answered 600 × 800 from now on. */
  shrink(token: string): void;
  attach(t: TestApp): void;
  close(): Promise<void>;
}

/** A solid picture of this colour: distinct colours are distinct files. */
export function colouredImage(r: number, g: number, b: number, width = 700, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}

/** The start of an MP4 file: the marketplace tells a video by its `ftyp` box. */
export function testVideo(): Buffer {
  const file = Buffer.alloc(2048, 0);
  file.writeUInt32BE(24, 0);
  file.write('ftypisom', 4, 'latin1');
  return file;
}

export async function startMediaHost(): Promise<MediaHost> {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const shrunk = new Set<string>();
  const small = await colouredImage(10, 10, 10, 600, 800);
  let app: TestApp | undefined;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '/';
      const file = files.get(path);
      if (file) return response.writeHead(200, { 'content-type': file.contentType }).end(file.bytes);
      const token = /^\/ab-test-images\/([^/?]+)$/.exec(path)?.[1];
      if (token && shrunk.has(token)) return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(small);
      if (!token || !app) return response.writeHead(404).end();
      const answer = await app.request({ method: 'GET', url: path });
      response.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? '') }).end(answer.rawPayload);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    put: (name, bytes, contentType) => {
      files.set(`/files/${name}`, { bytes, contentType });
      return `${url}/files/${name}`;
    },
    shrink: (token) => shrunk.add(token),
    attach: (t) => {
      app = t;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
