import sharp from 'sharp';

/** A solid image of this size and format, made at run time (no binary fixtures in the repository). */
export function testImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** A GIF of two frames of 700 × 900: an animation, which a card does not take. */
export async function testAnimatedGif(): Promise<Buffer> {
  const frame = (r: number) =>
    sharp({ create: { width: 700, height: 900, channels: 3, background: { r, g: 0, b: 0 } } })
      .png()
      .toBuffer();
  return sharp([await frame(10), await frame(200)], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** An uncompressed 24-bit BMP (BITMAPINFOHEADER), written by hand: libvips writes no BMP. */
export function testBmp(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 24) / 32) * 4;
  const dataOffset = 14 + 40;
  const file = Buffer.alloc(dataOffset + rowBytes * height, 0x80);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(dataOffset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(0, 30);
  file.writeUInt32LE(rowBytes * height, 34);
  return file;
}

/** The start of a Windows executable (an MZ header and a PE signature), as a renamed program would upload. */
export function testExecutable(): Buffer {
  const file = Buffer.alloc(4096);
  file.write('MZ', 0, 'latin1');
  file.writeUInt32LE(0x80, 0x3c);
  file.write('PE\0\0', 0x80, 'latin1');
  return file;
}
