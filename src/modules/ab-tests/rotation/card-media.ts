import type { AbTestMediaItem } from '../../../database/schema/ab-tests';
import type { Card, CardPhoto } from '../../../marketplace/endpoints/content';

/** The address of a photo to send back to the marketplace: its largest size. */
function photoUrl(photo: CardPhoto): string | undefined {
  return photo.hq ?? photo.big ?? photo.c516x688 ?? photo.c246x328 ?? photo.square ?? photo.tm;
}

/** The card's media in the card's order: its photos, then its video (the card does not say where the video stands). */
export function cardMedia(card: Card): AbTestMediaItem[] {
  const photos = (card.photos ?? []).flatMap((photo): AbTestMediaItem[] => {
    const url = photoUrl(photo);
    return url ? [{ url, kind: 'photo' }] : [];
  });
  return card.video ? [...photos, { url: card.video, kind: 'video' }] : photos;
}

/**
 * The media call's set that makes `firstUrl` the main photo: it takes the first photo's place, the rest of the original
 * set (photos and video) follows unchanged, in order.
 */
export function mediaWithFirst(original: AbTestMediaItem[], firstUrl: string): string[] {
  const firstPhoto = original.findIndex((item) => item.kind === 'photo');
  return [firstUrl, ...original.filter((_, index) => index !== firstPhoto).map((item) => item.url)];
}

/** What the card shows of a test: its first photo's fingerprint and the fingerprints of the rest, in order. */
export interface MediaShape {
  first: string | null;
  rest: string[];
}

/** The shape of a fingerprinted media list: the first photo apart from the rest (photos and video, in order). */
export function mediaShape(items: AbTestMediaItem[]): MediaShape {
  const firstPhoto = items.findIndex((item) => item.kind === 'photo');
  return {
    first: firstPhoto < 0 ? null : (items[firstPhoto].sha256 ?? null),
    rest: items.filter((_, index) => index !== firstPhoto).map((item) => `${item.kind}:${item.sha256 ?? item.url}`),
  };
}

/** The same files in the same order (by content: the marketplace hosts each file it is sent under a new address). */
export function sameMedia(a: AbTestMediaItem[], b: AbTestMediaItem[]): boolean {
  return a.length === b.length && a.every((item, index) => item.kind === b[index].kind && item.sha256 === b[index].sha256);
}

/**
 * Whether the card still shows what the test put there: the first photo is one of `allowedFirst` (the current variant,
 * and in the settle window of a switch the previous photo too) and the rest is the original set's rest.
 */
export function cardHeldByTest(card: AbTestMediaItem[], original: AbTestMediaItem[], allowedFirst: readonly string[]): boolean {
  const now = mediaShape(card);
  const before = mediaShape(original);
  return (
    now.first !== null &&
    allowedFirst.includes(now.first) &&
    now.rest.length === before.rest.length &&
    now.rest.every((item, index) => item === before.rest[index])
  );
}
