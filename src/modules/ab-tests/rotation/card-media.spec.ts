import { describe, expect, it } from 'vitest';

import type { AbTestMediaItem } from '../../../database/schema/ab-tests';
import type { Card } from '../../../marketplace/endpoints/content';
import { cardHeldByTest, cardMedia, mediaWithFirst, sameMedia } from './card-media';

const photo = (url: string, sha256?: string): AbTestMediaItem => ({ url, kind: 'photo', ...(sha256 ? { sha256 } : {}) });
const video = (url: string, sha256?: string): AbTestMediaItem => ({ url, kind: 'video', ...(sha256 ? { sha256 } : {}) });
const ORIGINAL = [photo('a', 'A'), photo('b', 'B'), video('v', 'V')];

describe('the card media of an A/B test', () => {
  it('reads the photos in order (largest size) and the video last', () => {
    const card = {
      photos: [{ big: 'a-big', hq: 'a-hq' }, { big: 'b-big' }, {}],
      video: 'v',
    } as unknown as Card;
    expect(cardMedia(card)).toEqual([photo('a-hq'), photo('b-big'), video('v')]);
    expect(cardMedia({ photos: [{ big: 'x' }] } as unknown as Card)).toEqual([photo('x')]);
  });

  it('puts the variant in the first photo’s place, the rest of the set as it was', () => {
    expect(mediaWithFirst(ORIGINAL, 'variant')).toEqual(['variant', 'b', 'v']);
    expect(mediaWithFirst([video('v'), photo('a'), photo('b')], 'variant')).toEqual(['variant', 'v', 'b']);
  });

  it.each([
    ['the variant first, the rest the original’s', [photo('x', 'X1'), photo('y', 'B'), video('z', 'V')], ['X1'], true],
    ['the previous photo, allowed while settling', [photo('x', 'A'), photo('y', 'B'), video('z', 'V')], ['X1', 'A'], true],
    ['the previous photo after the settle window', [photo('x', 'A'), photo('y', 'B'), video('z', 'V')], ['X1'], false],
    ['someone else’s photo first', [photo('x', 'Z'), photo('y', 'B'), video('z', 'V')], ['X1', 'A'], false],
    ['the rest reordered', [photo('x', 'X1'), video('z', 'V'), photo('y', 'B')], ['X1'], false],
    ['the video removed', [photo('x', 'X1'), photo('y', 'B')], ['X1'], false],
    ['no photos', [], ['X1'], false],
  ] as [string, AbTestMediaItem[], string[], boolean][])('%s', (_label, card, allowed, held) => {
    expect(cardHeldByTest(card, ORIGINAL, allowed)).toBe(held);
  });

  it('compares media by content and order, not by address', () => {
    expect(sameMedia([photo('1', 'A'), photo('2', 'B'), video('3', 'V')], ORIGINAL)).toBe(true);
    expect(sameMedia([photo('1', 'B'), photo('2', 'A'), video('3', 'V')], ORIGINAL)).toBe(false);
    expect(sameMedia([photo('1', 'A'), photo('2', 'B')], ORIGINAL)).toBe(false);
  });
});
