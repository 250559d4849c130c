import { describe, expect, it } from 'vitest';

import { cardRow, priceRow } from './catalog-sync.mapping';
import { finishedMessage } from './catalog-sync-messages';
import { firstCheckpoint } from './catalog-sync-walker';

describe('priceRow', () => {
  it('takes the size with the lowest price and that size discounted price', () => {
    const good = {
      nmID: 7,
      discount: 30,
      clubDiscount: 5,
      sizes: [
        { price: 700, discountedPrice: 490 },
        { price: 500, discountedPrice: 350 },
        { price: 600, discountedPrice: 420 },
      ],
    };
    expect(priceRow(good)).toEqual({ nmId: 7, price: 500, discount: 30, discountedPrice: 350, clubDiscount: 5 });
  });

  it('keeps kopecks of the discounted price as the marketplace wrote them', () => {
    expect(priceRow({ nmID: 1, discount: 33, clubDiscount: 0, sizes: [{ price: 999, discountedPrice: 669.33 }] })?.discountedPrice).toBe(
      669.33,
    );
  });

  it('a good without sizes has no price', () => {
    expect(priceRow({ nmID: 1, discount: 0, clubDiscount: 0, sizes: [] })).toBeNull();
  });
});

describe('cardRow', () => {
  it('keeps the first photo big URL, sizes without the marketplace size name, and the card updatedAt', () => {
    const card = {
      nmID: 5,
      vendorCode: 'A-1',
      brand: 'Mira',
      title: 'Кружка',
      photos: [{ big: 'https://x/big/1.webp' }, { big: 'https://x/big/2.webp' }],
      sizes: [{ chrtID: 50, techSize: '0', wbSize: '', skus: ['2000000000050'] }],
      updatedAt: '2025-01-01T00:00:00.96577Z',
    };
    expect(cardRow(card)).toEqual({
      nmId: 5,
      vendorCode: 'A-1',
      title: 'Кружка',
      brand: 'Mira',
      photo: 'https://x/big/1.webp',
      sizes: [{ chrtID: 50, techSize: '0', skus: ['2000000000050'] }],
      description: null,
      characteristics: [],
      subjectId: null,
      subjectName: null,
      cardUpdatedAt: '2025-01-01T00:00:00.96577Z',
    });
    expect(cardRow({ ...card, photos: [] }).photo).toBeNull();
  });

  it('keeps the texts the content studio scores: description, characteristics and the subject', () => {
    const card = {
      nmID: 5,
      vendorCode: 'A-1',
      brand: 'Mira',
      title: 'Кружка',
      description: 'Кружка из керамики',
      subjectID: 1454,
      subjectName: 'Кружки',
      characteristics: [{ id: 14177449, name: 'Цвет', value: ['белый'] }],
      updatedAt: '2025-01-01T00:00:00Z',
    };
    expect(cardRow(card)).toMatchObject({
      description: 'Кружка из керамики',
      characteristics: [{ id: 14177449, name: 'Цвет', value: ['белый'] }],
      subjectId: 1454,
      subjectName: 'Кружки',
    });
  });
});

describe('finishedMessage', () => {
  const passes = { cards: true, prices: true };

  it('names what was loaded and removed', () => {
    const checkpoint = { ...firstCheckpoint(passes), cards: 3000, prices: 2940, removed: 12 };
    expect(finishedMessage(checkpoint, passes, 100_000)).toBe(
      'Синхронизация каталога завершена: карточек загружено 3\u202f000, снято с продажи 12, цен обновлено 2\u202f940',
    );
  });

  it('names the cap and that the next sync loads the rest', () => {
    const checkpoint = { ...firstCheckpoint(passes), cards: 100_000, prices: 98_000, capped: true };
    expect(finishedMessage(checkpoint, passes, 100_000)).toMatch(
      /Достигнут предел одной синхронизации в 100\u202f000 карточек: остальные карточки загрузит следующая синхронизация$/,
    );
  });
});
