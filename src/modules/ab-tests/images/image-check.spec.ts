import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { testBmp, testExecutable } from '../../../../test/support/test-images';
import { AppError } from '../../../common/errors/app-error';
import { checkImage } from './image-check';

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .toFormat(format)
    .toBuffer();

async function refusal(bytes: Buffer): Promise<{ errors: string[]; message: string }> {
  const error = await checkImage(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { details, message } = error as AppError;
  return { errors: (details as { errors: string[] }[])[0].errors, message };
}

describe('checking an uploaded image by its content', () => {
  it.each([
    ['a JPEG', () => image(700, 900), { contentType: 'image/jpeg', width: 700, height: 900 }],
    ['a WebP larger than the minimum', () => image(1200, 1600, 'webp'), { contentType: 'image/webp', width: 1200, height: 1600 }],
    ['a BMP', async () => testBmp(701, 901), { contentType: 'image/bmp', width: 701, height: 901 }],
  ])('takes %s', async (_label, make, expected) => {
    expect(await checkImage(await make())).toEqual(expected);
  });

  it.each([
    ['600 × 800', () => image(600, 800), 'minSize'],
    ['wide but too low: 900 × 700', () => image(900, 700), 'minSize'],
    ['a BMP of 600 × 800', async () => testBmp(600, 800), 'minSize'],
    ['a BMP cut short', async () => testBmp(700, 900).subarray(0, 5000), 'imageDecodable'],
    ['an executable', async () => testExecutable(), 'imageType'],
    ['nothing', async () => Buffer.alloc(0), 'imageType'],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'imageType'],
  ])('refuses %s', async (_label, make, rule) => {
    const { errors, message } = await refusal(await make());
    expect(errors).toEqual([rule]);
    if (rule === 'minSize') expect(message).toContain('700 × 900');
  });
});
