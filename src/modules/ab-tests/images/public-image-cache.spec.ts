import { describe, expect, it } from 'vitest';

import type { PublicImage } from './ab-test-images.repository';
import { PublicImageCache } from './public-image-cache';

const image = (byteSize: number): PublicImage => ({
  contentType: 'image/png',
  byteSize,
  sha256: String(byteSize),
  bytes: Buffer.alloc(byteSize),
});

describe('PublicImageCache', () => {
  it('keeps images within its byte budget, dropping the least recently served first', () => {
    const cache = new PublicImageCache(10);
    cache.set('a', image(4));
    cache.set('b', image(4));
    expect(cache.get('a')?.byteSize).toBe(4);
    cache.set('c', image(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.byteSize).toBe(4);
    expect(cache.get('c')?.byteSize).toBe(4);
  });

  it('never keeps an image larger than the budget, and keeps one copy of a token', () => {
    const cache = new PublicImageCache(10);
    cache.set('big', image(11));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', image(6));
    cache.set('a', image(6));
    cache.set('b', image(4));
    expect(cache.get('a')?.byteSize).toBe(6);
    expect(cache.get('b')?.byteSize).toBe(4);
  });
});
