import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';

import { freePort, runBuilt, waitForHttp } from '../test/support/spawn-service';
import type { ContentSeller } from './content-seed';
import { random } from './seeded-random';
import type { ServiceStack } from './service-stack';
import { loadAlternating, LoadResult, pinToCore } from './support';

/** The size of a card photo the marketplace fetches: about 500 KB. */
const IMAGE_BYTES = 500 * 1024;
const WIDTH = 700;
const HEIGHT = 900;
const CHANNELS = 3;

export interface ImageFigures {
  bytes: number;
  staticFloor: LoadResult;
  memoryFloor: LoadResult;
  app: LoadResult;
  /** The app's requests per second over the @fastify/static floor's. */
  ratio: number;
}

/**
 * A PNG of 700 × 900 (the least a card photo may be) of about IMAGE_BYTES: rows of seeded noise, which PNG cannot
 * compress, over a plain grey rest.
 */
export async function benchImage(): Promise<Buffer> {
  const next = random(500);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * CHANNELS, 0x80);
  const noiseRows = Math.round(IMAGE_BYTES / (WIDTH * CHANNELS + 1));
  for (let at = 0; at < noiseRows * WIDTH * CHANNELS; at += 1) pixels[at] = Math.floor(next() * 256);
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: CHANNELS } })
    .png()
    .toBuffer();
}

async function upload(stack: ServiceStack, seller: ContentSeller, accountId: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('mpAccountId', accountId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'variant.png');
  const response = await fetch(`${stack.apiUrl}/ab-test-images`, {
    method: 'POST',
    headers: { authorization: seller.headers.authorization },
    body: form,
  });
  if (response.status !== 201) throw new Error(`the image upload answered ${response.status}: ${await response.text()}`);
  const { publicUrl } = (await response.json()) as { publicUrl: string };
  return new URL(publicUrl).pathname;
}

/**
 * GET of the image's public address through the app against bare Fastify serving the same bytes with @fastify/static
 * and from memory, all on the server core, in alternating rounds.
 */
export async function imageDelivery(
  stack: ServiceStack,
  seller: ContentSeller,
  accountId: string,
  load: { connections: number; totalSec: number; roundSec: number; warmupSec: number },
  serverCore: number,
): Promise<ImageFigures> {
  const bytes = await benchImage();
  const path = await upload(stack, seller, accountId, bytes);
  const folder = mkdtempSync(join(tmpdir(), 'content-bench-'));
  writeFileSync(join(folder, 'variant.png'), bytes);
  const port = await freePort();
  const floor = runBuilt(join(__dirname, 'image-floor-server.js'), {}, [folder, 'variant.png', String(port)], true);
  try {
    pinToCore(floor.child.pid!, serverCore);
    const floorUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${floorUrl}/health/live`);
    for (const url of [`${floorUrl}/static/variant.png`, `${floorUrl}/memory`, stack.apiUrl + path]) {
      const answer = Buffer.from(await (await fetch(url)).arrayBuffer());
      if (!answer.equals(bytes)) throw new Error(`${url} does not answer the uploaded bytes`);
    }
    const [staticFloor, memoryFloor, app] = await loadAlternating(
      [
        { url: `${floorUrl}/static/variant.png`, pid: floor.child.pid! },
        { url: `${floorUrl}/memory`, pid: floor.child.pid! },
        { url: stack.apiUrl + path, pid: stack.api.child.pid! },
      ],
      load,
    );
    const ratio = Math.round((app.requestsPerSecond / staticFloor.requestsPerSecond) * 100) / 100;
    return { bytes: bytes.length, staticFloor, memoryFloor, app, ratio };
  } finally {
    floor.child.kill('SIGTERM');
    await floor.exited;
    rmSync(folder, { recursive: true, force: true });
  }
}
