/** What a media file is, read from its first bytes: an image with its size in pixels, a video, or neither. */
export type MediaKind =
  | { kind: 'image'; format: 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp'; width: number; height: number }
  | { kind: 'video'; format: 'mp4' | 'mov' }
  | { kind: 'other' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG start-of-frame markers (baseline, progressive, lossless...), which carry the image size. */
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30) return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return null;
}

/** The kind of a file by its signature (reference 15.4: JPG, PNG, BMP, GIF, WebP images; MOV, MP4 videos). */
export function mediaKind(bytes: Buffer): MediaKind {
  const image = (format: 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp', size: { width: number; height: number } | null): MediaKind =>
    size ? { kind: 'image', format, ...size } : { kind: 'other' };
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE))
    return image('png', { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return image('jpeg', jpegSize(bytes));
  if (bytes.length >= 10 && bytes.toString('ascii', 0, 4) === 'GIF8')
    return image('gif', { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) });
  if (bytes.length >= 26 && bytes.toString('ascii', 0, 2) === 'BM')
    return image('bmp', { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) });
  if (bytes.length >= 16 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return image('webp', webpSize(bytes));
  if (bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp')
    return { kind: 'video', format: bytes.toString('ascii', 8, 10) === 'qt' ? 'mov' : 'mp4' };
  return { kind: 'other' };
}
