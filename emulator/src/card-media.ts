import { randomUUID } from 'node:crypto';

import { mediaKind } from './image-size';

/** Reference 15.4: the rules every image and video of a card must meet. */
export const MEDIA_RULES = {
  maxImages: 30,
  minWidth: 700,
  minHeight: 900,
  maxImageBytes: 32 * 1024 * 1024,
  maxVideoBytes: 50 * 1024 * 1024,
} as const;

/** How long the marketplace waits for one linked file. */
const FETCH_TIMEOUT_MS = 15_000;

/** A media file that meets the rules, with what is needed to serve it. */
export interface MediaFile {
  kind: 'image' | 'video';
  bytes: Buffer;
  contentType: string;
  extension: string;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** The file if it meets the rules of reference 15.4, else why not. */
export function checkedMedia(bytes: Buffer): MediaFile | string {
  const kind = mediaKind(bytes);
  if (kind.kind === 'other') return 'файл не является изображением или видео допустимого формата';
  if (kind.kind === 'video') {
    if (bytes.length > MEDIA_RULES.maxVideoBytes) return 'видео больше 50 МБ';
  } else {
    if (bytes.length > MEDIA_RULES.maxImageBytes) return 'изображение больше 32 МБ';
    if (kind.width < MEDIA_RULES.minWidth || kind.height < MEDIA_RULES.minHeight)
      return `разрешение ${kind.width}×${kind.height} меньше 700×900`;
  }
  return { kind: kind.kind, bytes, contentType: CONTENT_TYPES[kind.format], extension: kind.format === 'jpeg' ? 'jpg' : kind.format };
}

/** Reads a body up to `maxBytes`; null past it. */
async function readUpTo(response: Response, maxBytes: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of response.body ?? []) {
    received += chunk.byteLength;
    if (received > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reference 15.4: GETs a linked file without authorisation, as the marketplace does: it must answer 200 with the file
 * itself (a text or HTML page makes the link invalid).
 */
export async function fetchMedia(url: string): Promise<MediaFile | string> {
  if (!/^https?:\/\//i.test(url)) return 'ссылка должна вести на файл по http или https';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (response.status !== 200) {
      await response.body?.cancel();
      return `ссылка ответила ${response.status}`;
    }
    const bytes = await readUpTo(response, MEDIA_RULES.maxVideoBytes);
    return bytes ? checkedMedia(bytes) : 'файл больше 50 МБ';
  } catch {
    return 'файл по ссылке недоступен';
  }
}

/** Files the emulator hosts for card photos and videos set through the media calls, bounded in total size. */
export class MediaStore {
  private readonly files = new Map<string, MediaFile>();
  private bytes = 0;

  constructor(private readonly maxBytes = 512 * 1024 * 1024) {}

  /** Keeps the file (dropping the oldest past the bound) and answers its file name. */
  put(file: MediaFile): string {
    const name = `${randomUUID()}.${file.extension}`;
    this.files.set(name, file);
    this.bytes += file.bytes.length;
    for (const [oldest, kept] of this.files) {
      if (this.bytes <= this.maxBytes || oldest === name) break;
      this.files.delete(oldest);
      this.bytes -= kept.bytes.length;
    }
    return name;
  }

  get(name: string): MediaFile | undefined {
    return this.files.get(name);
  }

  clear(): void {
    this.files.clear();
    this.bytes = 0;
  }
}
