import { createHash } from 'node:crypto';

import { expect } from 'vitest';

import type { Seller } from '../../emulator/src/sellers';

/** The SHA-256 of some bytes, as the files of a card are told apart by content. */
export const contentSha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('base64url');

/** An emulator photo of a card whose every size is the file at `url`. */
export const photoOf = (url: string) => ({ big: url, c246x328: url, c516x688: url, square: url, tm: url, hq: url });

async function fingerprint(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return contentSha(Buffer.from(await response.arrayBuffer()));
}

/** The card's media as the emulator shows it, by content, in order: `photo:<sha>` for each photo, then `video:<sha>`. */
export async function cardFiles(seller: Seller, nmId: number): Promise<string[]> {
  const card = seller.cards.byNmId(nmId)!;
  const photos = await Promise.all(card.photos.map((photo) => fingerprint(photo.big)));
  return [...photos.map((hash) => `photo:${hash}`), ...(card.video ? [`video:${await fingerprint(card.video)}`] : [])];
}
