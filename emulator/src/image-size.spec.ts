import { describe, expect, it } from 'vitest';

import { mediaKind } from './image-size';

/** A JPEG's first bytes: SOI, an APP0 segment, then a baseline frame header of this size. */
function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame]);
}

function webpVp8x(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'ascii');
  bytes.write('WEBPVP8X', 8, 'ascii');
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

describe('media kind from the first bytes', () => {
  it('reads the size of a JPEG from its frame header, past other segments', () => {
    expect(mediaKind(jpegHead(1200, 1600))).toEqual({ kind: 'image', format: 'jpeg', width: 1200, height: 1600 });
  });

  it('reads GIF and WebP sizes', () => {
    const gif = Buffer.from([...Buffer.from('GIF89a'), 0xbc, 0x02, 0x84, 0x03]);
    expect(mediaKind(gif)).toEqual({ kind: 'image', format: 'gif', width: 700, height: 900 });
    expect(mediaKind(webpVp8x(700, 900))).toEqual({ kind: 'image', format: 'webp', width: 700, height: 900 });
  });

  it('knows an MP4 by its ftyp box, and anything else is neither', () => {
    expect(mediaKind(Buffer.from('\u0000\u0000\u0000\u0018ftypisom', 'latin1'))).toEqual({ kind: 'video', format: 'mp4' });
    expect(mediaKind(Buffer.from('<html></html>'))).toEqual({ kind: 'other' });
    expect(mediaKind(Buffer.from([0xff, 0xd8, 0xff]))).toEqual({ kind: 'other' });
  });
});
