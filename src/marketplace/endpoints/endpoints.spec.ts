import { describe, expect, it } from 'vitest';

import { adverts, bids, bidsMin, budget, fullstats, promotionCount } from './advert';
import { ping } from './common';
import { cardsErrorList, cardsList, cardsUpdate, cardUpdateOf, mediaFile, mediaSave, subjectCharcs } from './content';
import { feedbackById, feedbacksList, questionById, questionsList, questionUpdate } from './feedbacks';
import { salesReportDetailed } from './finance';
import { goodsList, priceUpload } from './prices';
import { supplierOrders, supplierSales } from './statistics';
import { boxTariffs, palletTariffs } from './tariffs';

/** Reference 4.1: a report row, every required field with a value of its type. */
function reportRow(): Record<string, unknown> {
  const strings = [
    'dateFrom dateTo createDate currency fixTariffDateFrom fixTariffDateTo subjectName brandName vendorCode title',
    'techSize sku docTypeName retailPrice retailAmount officeName sellerOperName orderDt saleDt rrDate',
    'retailPriceWithDisc deliveryService giBoxTypeName sellerPromo ppvzSalesCommission forPay ppvzReward',
    'acquiringFee paymentProcessing acquiringBank vw vwNds ppvzOfficeName ppvzSupplierName ppvzSupplierInn',
    'declarationNumber stickerId country penalty additionalPayment rebillLogisticCost paidStorage deduction',
    'paidAcceptance trbxId installmentCofinancingAmount cashbackAmount cashbackDiscount cashbackCommissionChange',
    'paymentSchedule deliveryMethod uuidPromocode articleSubstitution b2bCustomerTin orderUid srid',
  ]
    .join(' ')
    .split(' ');
  const integers = ['giId nmId quantity salePercent shkId deliveryAmount returnAmount ppvzOfficeId orderId', 'sellerPromoId loyaltyId']
    .join(' ')
    .split(' ');
  const numbers = [
    'dlvPrc commissionPercent productDiscountForReport spp kvwBase kvw supRatingUp isKgvpV2 acquiringPercent',
    'wibesDiscountPercent sellerPromoDiscount loyaltyDiscount salePricePromocodeDiscountPrc',
    'salePriceAffiliatedDiscountPrc salePriceWholesaleDiscountPrc',
  ]
    .join(' ')
    .split(' ');
  return {
    ...Object.fromEntries(strings.map((name) => [name, '1.5'])),
    ...Object.fromEntries(integers.map((name) => [name, 1])),
    reportId: '9007199254740993',
    rrdId: '1',
    ...Object.fromEntries(numbers.map((name) => [name, 0.5])),
    reportType: 1,
    srvDbs: false,
    isB2b: false,
  };
}

const feedRow = {
  date: '2022-03-04T18:08:31',
  lastChangeDate: '2022-03-06T10:11:07',
  warehouseName: 'Подольск',
  warehouseType: 'Склад WB',
  countryName: 'Россия',
  oblastOkrugName: 'Центральный федеральный округ',
  regionName: 'Московская',
  supplierArticle: 'A-1',
  nmId: 1234567,
  barcode: '123453559000',
  category: 'Бытовая техника',
  subject: 'Мультистайлеры',
  brand: 'Тест',
  techSize: '0',
  incomeID: 56735459,
  isSupply: false,
  isRealization: true,
  totalPrice: 1887,
  discountPercent: 18,
  spp: 26,
  finishedPrice: 1145,
  priceWithDisc: 1547,
  sticker: '926912515',
  gNumber: '34343462218572569531',
  srid: '11.rf9ef11fce1684117b0nhj96222982382.3.0',
};

const totals = { views: 10, clicks: 2, ctr: 20, cpc: 1.5, cr: 50, atbs: 1, orders: 1, shks: 1, canceled: 0, sum: 3, sum_price: 900 };
const advert = {
  id: 1,
  bid_type: 'unified',
  currency: 'RUB',
  status: 9,
  settings: { name: 'Кампания', payment_type: 'cpm', placements: { search: true, recommendations: false } },
  nm_settings: [{ nm_id: 2, subject: { id: 3, name: 'Кружки' }, bids_kopecks: { search: 250, recommendations: 0 } }],
  restrictions: { can_change_nms: true },
  timestamps: { created: '2025-01-01T00:00:00Z', updated: '2025-01-02T00:00:00Z', started: null, deleted: '2100-01-01T00:00:00Z' },
};
const feedback = {
  id: 'YX52RZEBhH9mrcYdEJuD',
  text: 'Хорошо',
  productValuation: 5,
  createdDate: '2024-09-26T10:20:53Z',
  state: 'none',
  answer: null,
  productDetails: { nmId: 1, imtId: 2, productName: 'Кружка', supplierArticle: null, supplierName: null, brandName: null, size: '0' },
  photoLinks: null,
  video: null,
  bables: null,
};
const question = {
  id: 'q1',
  text: 'Какой объём?',
  createdDate: '2024-09-26T10:20:53Z',
  state: 'suppliersPortalSynch',
  answer: null,
  productDetails: { nmId: 1, imtId: 2, productName: 'Кружка', supplierArticle: 'A', supplierName: 'ИП', brandName: 'Б' },
  wasViewed: false,
  isWarned: false,
};
const boxRates = {
  warehouseName: 'Свой склад СГТ РФ',
  geoName: 'Россия',
  boxDeliveryBase: '48',
  boxDeliveryLiter: '11,2',
  boxDeliveryCoefExpr: '160',
  boxDeliveryMarketplaceBase: '40',
  boxDeliveryMarketplaceLiter: '11',
  boxDeliveryMarketplaceCoefExpr: '125',
  boxStorageBase: '0,14',
  boxStorageLiter: '0,07',
  boxStorageCoefExpr: '115',
};
const palletRates = {
  warehouseName: 'СЦ Брест',
  palletDeliveryValueBase: '51',
  palletDeliveryValueLiter: '11,9',
  palletDeliveryExpr: '170',
  palletStorageValueExpr: '35.65',
  palletStorageExpr: '155',
};
const listEnvelope = { error: false, errorText: '', additionalErrors: null };
const card = { nmID: 1, vendorCode: 'A-1', brand: 'Mira', title: 'Кружка', updatedAt: '2023-12-06T11:17:00.96577Z' };
const errorBatch = {
  batchUUID: 'bca3744c-1c8b-4588-b345-62af3b2899ae',
  updatedAt: '2025-08-05T17:54:40+08:00',
  vendorCodes: ['A-1'],
  errors: { 'A-1': ['Недопустимое значение'] },
  subjects: { 'A-1': { id: 105, name: 'Кружки' } },
  brands: { 'A-1': { name: 'Mira' } },
};
const good = {
  nmID: 1,
  discount: 30,
  clubDiscount: 5,
  sizes: [{ sizeID: 3, price: 500, discountedPrice: 350, clubDiscountedPrice: 332.5, techSizeName: '0' }],
};

describe('marketplace answers against their definitions (reference examples)', () => {
  it.each<[string, { response: { check(value: unknown, at: string): string | null } }, unknown, unknown, string]>([
    ['ping', ping, { TS: '2024-08-16T11:19:05+03:00', Status: 'OK' }, { Status: 'OK' }, 'body.TS: expected a string'],
    [
      'subject characteristics',
      subjectCharcs,
      {
        data: [
          {
            charcID: 14177449,
            name: 'Цвет',
            subjectID: 105,
            subjectName: 'Футболки',
            required: true,
            unitName: '',
            charcType: 1,
            maxCount: 3,
          },
        ],
        error: false,
        errorText: '',
        additionalErrors: null,
      },
      { data: [{ charcID: '14177449', name: 'Цвет', required: true, charcType: 1 }], error: false, errorText: '' },
      'body.data[0].charcID: expected an integer',
    ],
    [
      'cards list',
      cardsList,
      { cards: [card], cursor: { updatedAt: card.updatedAt, nmID: 1, total: 1 } },
      { cards: [{ ...card, sizes: [{ chrtID: '7', techSize: '0' }] }], cursor: { updatedAt: '', nmID: 0, total: 0 } },
      'body.cards[0].sizes[0].chrtID: expected an integer',
    ],
    [
      'cards list, a card with its media and sizes',
      cardsList,
      {
        cards: [
          {
            ...card,
            photos: [{ big: 'https://b/1.webp', c246x328: 'https://c/1.webp', hq: 'https://h/1.webp' }],
            video: 'https://v/1.mp4',
            sizes: [{ chrtID: 7, techSize: '0', wbSize: '', skus: ['2000000000017'] }],
          },
        ],
        cursor: { updatedAt: card.updatedAt, nmID: 1, total: 1 },
      },
      { cards: [{ ...card, photos: [{ big: 1 }] }], cursor: { updatedAt: '', nmID: 0, total: 0 } },
      'body.cards[0].photos[0].big: expected a string',
    ],
    ['cards update', cardsUpdate, { data: null, ...listEnvelope, additionalErrors: {} }, { data: null }, 'body.error: expected a boolean'],
    [
      'cards error list',
      cardsErrorList,
      {
        data: { items: [errorBatch], cursor: { next: false, updatedAt: errorBatch.updatedAt, batchUUID: errorBatch.batchUUID } },
        ...listEnvelope,
      },
      { data: { items: [{ ...errorBatch, errors: { 'A-1': 'Недопустимое значение' } }], cursor: { next: false } }, ...listEnvelope },
      'body.data.items[0].errors["A-1"]: expected an array',
    ],
    ['media save', mediaSave, { data: {}, ...listEnvelope }, { data: {}, error: 'false' }, 'body.error: expected a boolean'],
    ['media file', mediaFile, { data: {}, ...listEnvelope }, { data: {}, error: false }, 'body.errorText: expected a string'],
    [
      'goods list',
      goodsList,
      { data: { listGoods: [good] }, error: false, errorText: '' },
      { data: null, error: false, errorText: '' },
      'body.data: expected an object',
    ],
    [
      'price upload',
      priceUpload,
      { data: { id: 1111111, alreadyExists: true }, error: false, errorText: 'This task already exists' },
      { data: { id: '1111111' }, error: false, errorText: '' },
      'body.data.id: expected an integer',
    ],
    [
      'orders',
      supplierOrders,
      [{ ...feedRow, isCancel: false, cancelDate: '0001-01-01T00:00:00' }],
      [feedRow],
      'body[0].isCancel: expected a boolean',
    ],
    [
      'sales',
      supplierSales,
      [{ ...feedRow, paymentSaleAmount: 93, forPay: 1131.11, saleID: 'S9993700024' }],
      { errors: ['dateFrom: field required'] },
      'body: expected an array',
    ],
    ['sales report', salesReportDetailed, [reportRow()], [{ ...reportRow(), reportType: 4 }], 'body[0].reportType: expected 1 or 2 or 3'],
    [
      'sales report, last page (204)',
      salesReportDetailed,
      null,
      [{ ...reportRow(), retailAmount: 12.5 }],
      'body[0].retailAmount: expected a string',
    ],
    [
      'sales report, ids read as exact digits',
      salesReportDetailed,
      [reportRow()],
      [{ ...reportRow(), reportId: 9007199254740992 }],
      'body[0].reportId: expected an integer',
    ],
    [
      'feedbacks',
      feedbacksList,
      { data: { countUnanswered: 1, countArchive: 0, feedbacks: [feedback] }, ...listEnvelope },
      { data: { countUnanswered: 1, countArchive: 0, feedbacks: [{ ...feedback, productValuation: '5' }] }, ...listEnvelope },
      'body.data.feedbacks[0].productValuation: expected an integer',
    ],
    [
      'questions',
      questionsList,
      { data: { countUnanswered: 1, countArchive: 0, questions: [question] }, ...listEnvelope },
      { data: { countUnanswered: 1, countArchive: 0, questions: [{ ...question, productDetails: null }] }, ...listEnvelope },
      'body.data.questions[0].productDetails: expected an object',
    ],
    [
      'feedback by id',
      feedbackById,
      { data: { ...feedback, answer: { text: 'Спасибо!', state: 'wbRu', editable: false } }, ...listEnvelope },
      { data: null, error: true, errorText: 'Невозможно получить отзыв по id', additionalErrors: null },
      'body.data: expected an object',
    ],
    [
      'question by id',
      questionById,
      { data: question, ...listEnvelope },
      { data: { ...question, answer: { editable: true } }, ...listEnvelope },
      'body.data.answer.text: expected a string',
    ],
    [
      'box tariffs (reference 11.7 example)',
      boxTariffs,
      { response: { data: { dtNextBox: '2024-02-01', dtTillMax: '2024-03-31', currency: 'RUB', warehouseList: [boxRates] } } },
      { response: { data: { warehouseList: [{ ...boxRates, boxDeliveryBase: 48 }] } } },
      'body.response.data.warehouseList[0].boxDeliveryBase: expected a string',
    ],
    [
      'box tariffs, no warehouses',
      boxTariffs,
      { response: { data: { currency: 'RUB', warehouseList: null } } },
      { response: { data: { warehouseList: [{ geoName: 'Россия' }] } } },
      'body.response.data.warehouseList[0].warehouseName: expected a string',
    ],
    [
      'pallet tariffs (reference 11.7 example)',
      palletTariffs,
      { response: { data: { dtNextPallet: '2024-02-01', dtTillMax: '2024-03-31', currency: 'RUB', warehouseList: [palletRates] } } },
      { response: null },
      'body.response: expected an object',
    ],
    ['question update', questionUpdate, { data: null, ...listEnvelope }, { data: null }, 'body.error: expected a boolean'],
    [
      'promotion count',
      promotionCount,
      { adverts: [{ type: 9, status: 9, count: 1, advert_list: [{ advertId: 1, changeTime: '2025-01-01T00:00:00Z' }] }], all: 1 },
      { adverts: [{ type: 9, status: 9, count: 1 }], all: 1 },
      'body.adverts[0].advert_list: expected an array',
    ],
    ['promotion count without campaigns', promotionCount, { adverts: null, all: 0 }, { adverts: null }, 'body.all: expected an integer'],
    [
      'adverts',
      adverts,
      { adverts: [advert] },
      { adverts: [{ ...advert, bid_type: 'auto' }] },
      'body.adverts[0].bid_type: expected "unified" or "manual"',
    ],
    [
      'fullstats',
      fullstats,
      [
        {
          advertId: 1,
          currency: 'RUB',
          ...totals,
          days: [
            { date: '2025-01-01T00:00:00Z', ...totals, apps: [{ appType: 1, ...totals, nms: [{ nmId: 2, name: 'Кружка', ...totals }] }] },
          ],
        },
      ],
      [
        {
          advertId: 1,
          currency: 'RUB',
          ...totals,
          days: [{ date: '2025-01-01T00:00:00Z', ...totals, apps: [{ appType: 2, ...totals, nms: [] }] }],
        },
      ],
      'body[0].days[0].apps[0].appType: expected 1 or 32 or 64',
    ],
    [
      'bids',
      bids,
      { bids: [{ advert_id: 1, nm_bids: [{ nm_id: 2, bid_kopecks: 250, placement: 'combined' }] }], currency: 'RUB' },
      { bids: [{ advert_id: 1, nm_bids: [{ nm_id: 2, bid_kopecks: 2.5, placement: 'combined' }] }], currency: 'RUB' },
      'body.bids[0].nm_bids[0].bid_kopecks: expected an integer',
    ],
    [
      'minimum bids (recommendation, singular)',
      bidsMin,
      { bids: [{ nm_id: 2, bids: [{ type: 'recommendation', value: 250, currency: 'RUB' }] }] },
      { bids: [{ nm_id: 2, bids: [{ type: 'recommendations', value: 250, currency: 'RUB' }] }] },
      'body.bids[0].bids[0].type: expected "combined" or "search" or "recommendation"',
    ],
    [
      'budget',
      budget,
      { cash: 0, netting: 0, total: 500, currency: 'RUB' },
      'кампания не принадлежит продавцу',
      'body: expected an object',
    ],
  ])('%s: the good answer passes, the malformed one names where it does not fit', (_name, endpoint, goodAnswer, malformed, problem) => {
    expect(endpoint.response.check(goodAnswer, 'body')).toBeNull();
    expect(endpoint.response.check(malformed, 'body')).toBe(problem);
  });
});

describe('content writes', () => {
  const read = {
    nmID: 11,
    imtID: 12,
    subjectID: 105,
    vendorCode: 'A-1',
    brand: 'Mira',
    title: 'Кружка',
    description: 'Фарфор',
    needKiz: false,
    kizMarked: true,
    photos: [{ big: 'https://b/1.webp' }],
    video: 'https://v/1.mp4',
    dimensions: { length: 10, width: 8, height: 12, weightBrutto: 0.455, isValid: true },
    characteristics: [{ id: 14177449, name: 'Цвет', value: ['белый'] }],
    sizes: [{ chrtID: 7, techSize: '0', wbSize: '', skus: ['2000000000017'] }],
    tags: [],
    updatedAt: '2023-12-06T11:17:00.96577Z',
  };

  it('an update built from a read card carries every writable field as read, and nothing that is not written there', () => {
    expect(cardUpdateOf(read)).toEqual({
      nmID: 11,
      vendorCode: 'A-1',
      brand: 'Mira',
      title: 'Кружка',
      description: 'Фарфор',
      kizMarked: true,
      dimensions: { length: 10, width: 8, height: 12, weightBrutto: 0.455 },
      characteristics: [{ id: 14177449, value: ['белый'] }],
      sizes: [{ chrtID: 7, techSize: '0', wbSize: '', skus: ['2000000000017'] }],
    });
  });

  it('the update and the media save send their JSON body; the file goes as the part uploadfile with the card in headers', () => {
    expect(cardsUpdate.request([cardUpdateOf(read)])).toEqual({ body: [cardUpdateOf(read)] });
    expect(mediaSave.request({ nmId: 11, data: ['https://b/1.webp'] })).toEqual({ body: { nmId: 11, data: ['https://b/1.webp'] } });
    const bytes = new Uint8Array([1, 2, 3]);
    expect(mediaFile.request({ nmId: 11, photoNumber: 2, file: { bytes, fileName: 'a.png', contentType: 'image/png' } })).toEqual({
      headers: { 'X-Nm-Id': '11', 'X-Photo-Number': '2' },
      upload: { field: 'uploadfile', bytes, fileName: 'a.png', contentType: 'image/png' },
    });
  });
});
