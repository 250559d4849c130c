import type { PublicImage } from './ab-test-images.repository';

/** How many bytes of images a process keeps in memory for the public address, the least recently served dropped first. */
export const PUBLIC_IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The images served lately, by token. The bytes behind a token never change, so a kept image is never stale; the cache
 * spares the database a read of up to 32 MB on each fetch of a variant's photo. An image larger than the whole budget
 * is not kept.
 */
export class PublicImageCache {
  private readonly images = new Map<string, PublicImage>();
  private bytes = 0;

  constructor(private readonly budget = PUBLIC_IMAGE_CACHE_BYTES) {}

  get(token: string): PublicImage | undefined {
    const image = this.images.get(token);
    if (image) {
      this.images.delete(token);
      this.images.set(token, image);
    }
    return image;
  }

  set(token: string, image: PublicImage): void {
    if (image.byteSize > this.budget || this.images.has(token)) return;
    this.images.set(token, image);
    this.bytes += image.byteSize;
    for (const [oldest, kept] of this.images) {
      if (this.bytes <= this.budget) break;
      this.images.delete(oldest);
      this.bytes -= kept.byteSize;
    }
  }
}
