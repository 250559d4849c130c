import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

import { AppError } from '../../../common/errors/app-error';

/** Marketplace reference 15.4: the images a card takes, by content. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp'] as const;
export type ImageContentType = (typeof IMAGE_TYPES)[number];
/** Marketplace reference 15.4: at least 700 × 900 px. */
export const MIN_IMAGE_WIDTH = 700;
export const MIN_IMAGE_HEIGHT = 900;
/** A decoded image's largest size (sharp's own default); a "decompression bomb" beyond it is refused. */
const MAX_IMAGE_PIXELS = 268_402_689;

export interface CheckedImage {
  contentType: ImageContentType;
  width: number;
  height: number;
}

function refused(errors: string[], message: string): AppError {
  return AppError.validation([{ field: 'file', errors }], message);
}

const NOT_AN_IMAGE = refused(['imageType'], 'Файл не является изображением JPEG, PNG, WebP, GIF или BMP');
const UNREADABLE = refused(['imageDecodable'], 'Изображение повреждено и не читается');

/** The width and height of a BMP from its header (BITMAPINFOHEADER or later): libvips has no BMP loader of its own. */
function bmpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 26) throw UNREADABLE;
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 40 || bytes.length < 14 + headerSize) throw UNREADABLE;
  const width = bytes.readInt32LE(18);
  const height = Math.abs(bytes.readInt32LE(22));
  const bitsPerPixel = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const dataOffset = bytes.readUInt32LE(10);
  // Uncompressed rows are padded to 4 bytes: the file must hold every row.
  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (width <= 0 || height <= 0 || width * height > MAX_IMAGE_PIXELS) throw UNREADABLE;
  if (compression === 0 && bytes.length < dataOffset + rowBytes * height) throw UNREADABLE;
  return { width, height };
}

/** Decodes the whole image (not only its header), so that a truncated or corrupt file is refused now. */
async function decodedSize(bytes: Buffer): Promise<{ width: number; height: number; pages: number }> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    const { width, height, pages } = await image.metadata();
    await image.stats();
    return { width: width ?? 0, height: height ?? 0, pages: pages ?? 1 };
  } catch {
    throw UNREADABLE;
  }
}

/**
 * An uploaded file as the marketplace would take it for a card: its type found from its content, never its name (a
 * renamed program is not an image), decoded whole, static (a GIF of one frame) and at least 700 × 900 px.
 */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  const type = await fileTypeFromBuffer(bytes);
  const contentType = IMAGE_TYPES.find((candidate) => candidate === type?.mime);
  if (!contentType) throw NOT_AN_IMAGE;
  const { width, height, pages } = contentType === 'image/bmp' ? { ...bmpSize(bytes), pages: 1 } : await decodedSize(bytes);
  if (pages > 1) throw refused(['staticImage'], 'Анимированные изображения не принимаются');
  if (width < MIN_IMAGE_WIDTH || height < MIN_IMAGE_HEIGHT)
    throw refused(
      ['minSize'],
      `Изображение ${width} × ${height} пикселей меньше минимума ${MIN_IMAGE_WIDTH} × ${MIN_IMAGE_HEIGHT} (ширина × высота)`,
    );
  return { contentType, width, height };
}
