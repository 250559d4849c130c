import { describe, expect, it } from 'vitest';

import type { Feedback, Question } from '../../../marketplace/endpoints/feedbacks';
import { feedbackRow, questionRow } from './inbox.mapping';

const product = { nmId: 123456789, productName: 'Платье', supplierArticle: 'PL-1', brandName: 'Бренд' };

describe('feedbackRow', () => {
  it('keeps the stars, texts, product and answer; a feedback answer carries no time', () => {
    const feedback = {
      id: 'YX52RZEBhH9mrcYdEJuD',
      text: 'Хорошее',
      pros: 'Ткань',
      cons: '',
      productValuation: 4,
      createdDate: '2024-08-16T11:19:05Z',
      state: 'wbRu',
      answer: { text: 'Спасибо', state: 'wbRu', editable: false },
      productDetails: product,
    } as Feedback;
    expect(feedbackRow(feedback)).toEqual({
      kind: 'feedback',
      mpId: 'YX52RZEBhH9mrcYdEJuD',
      rating: 4,
      text: 'Хорошее',
      pros: 'Ткань',
      cons: '',
      nmId: 123456789,
      productName: 'Платье',
      brand: 'Бренд',
      supplierArticle: 'PL-1',
      createdAt: '2024-08-16T11:19:05.000Z',
      answerText: 'Спасибо',
      answeredAt: null,
    });
  });

  it('reads absent optional fields as empty and no answer as null', () => {
    const feedback = {
      id: 'a',
      text: '',
      productValuation: 1,
      createdDate: '2024-08-16T11:19:05',
      state: 'none',
      answer: null,
      productDetails: { nmId: 1, supplierArticle: null, brandName: null },
    } as Feedback;
    expect(feedbackRow(feedback)).toMatchObject({ pros: '', cons: '', productName: '', brand: '', supplierArticle: '', answerText: null });
  });
});

describe('questionRow', () => {
  it('has no rating and keeps the answer time', () => {
    const question = {
      id: 'q',
      text: 'Какой состав?',
      createdDate: '2024-08-16T11:19:05Z',
      state: 'wbRu',
      answer: { text: 'Хлопок', editable: false, createDate: '2024-08-17T10:00:00Z' },
      productDetails: product,
    } as Question;
    expect(questionRow(question)).toMatchObject({
      kind: 'question',
      rating: null,
      pros: '',
      cons: '',
      answerText: 'Хлопок',
      answeredAt: '2024-08-17T10:00:00.000Z',
    });
  });
});
