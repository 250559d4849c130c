import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';

import { AppError } from '../../../common/errors/app-error';
import type { AbTestMediaItem } from '../../../database/schema/ab-tests';

/** How long one file of the card may take to download. */
const FETCH_TIMEOUT_MS = 15_000;
/** The largest file a card holds (a video, reference 15.4). */
const MAX_BYTES = 50 * 1024 * 1024;

/** The SHA-256 of bytes, base64url: how images are fingerprinted here (ab_test_images.sha256 as well). */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/**
 * The content fingerprints of a card's media. The marketplace hosts every file it is sent under a new address, so the
 * card's photos are recognised by their bytes; a file at an address fingerprinted before (`known`) is not downloaded
 * again. A file that cannot be read is the marketplace unavailable (the run tries again later).
 */
@Injectable()
export class MediaFingerprints {
  async of(items: AbTestMediaItem[], known: readonly AbTestMediaItem[] = []): Promise<AbTestMediaItem[]> {
    const byUrl = new Map(known.flatMap((item) => (item.sha256 ? [[item.url, item.sha256] as const] : [])));
    const result: AbTestMediaItem[] = [];
    for (const item of items) result.push({ ...item, sha256: byUrl.get(item.url) ?? (await this.download(item.url)) });
    return result;
  }

  private async download(url: string): Promise<string> {
    if (!/^https?:\/\//i.test(url)) throw new AppError('MP_UNAVAILABLE', 'Фото карточки недоступно по ссылке');
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    } catch (cause) {
      throw new AppError('MP_UNAVAILABLE', 'Фото карточки недоступно по ссылке', { cause });
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new AppError('MP_UNAVAILABLE', `Фото карточки недоступно: ответ ${response.status}`);
    }
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of response.body ?? []) {
      received += chunk.byteLength;
      if (received > MAX_BYTES) throw new AppError('MP_UNAVAILABLE', 'Файл карточки больше 50 МБ');
      hash.update(chunk);
    }
    return hash.digest('base64url');
  }
}
