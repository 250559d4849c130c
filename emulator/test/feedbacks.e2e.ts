import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 3, cards: 100, feedbacks: 120, questions: 40 });
});
afterAll(() => emulator.close());

function get(path: string) {
  return call(emulator, seller.token, 'feedbacks', path);
}

describe('GET /api/v1/feedbacks', () => {
  it('lists unanswered and answered feedbacks with counts, newest first by default, paged by take and skip', async () => {
    const unanswered = (await get('/api/v1/feedbacks?isAnswered=false&take=5000&skip=0')).json.data;
    const answered = (await get('/api/v1/feedbacks?isAnswered=true&take=5000&skip=0')).json.data;
    expect(unanswered.feedbacks.length + answered.feedbacks.length).toBe(120);
    expect(unanswered.countUnanswered).toBe(unanswered.feedbacks.length);
    expect(unanswered.countArchive).toBe(answered.feedbacks.length);
    expect(answered.feedbacks.every((f: { answer?: { text: string } }) => f.answer?.text)).toBe(true);
    const dates = unanswered.feedbacks.map((f: { createdDate: string }) => f.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page = (await get('/api/v1/feedbacks?isAnswered=false&take=2&skip=1')).json.data.feedbacks;
    expect(page.map((f: { id: string }) => f.id)).toEqual(unanswered.feedbacks.slice(1, 3).map((f: { id: string }) => f.id));
    expect(page[0]).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      productValuation: expect.any(Number),
      productDetails: { nmId: expect.any(Number), supplierArticle: expect.stringMatching(/^ART-/) },
    });
  });

  it('filters by nmId and by creation time, and orders oldest first on request', async () => {
    const all = (await get('/api/v1/feedbacks?isAnswered=false&take=5000&skip=0&order=dateAsc')).json.data.feedbacks;
    const dates = all.map((f: { createdDate: string }) => f.createdDate);
    expect([...dates].sort()).toEqual(dates);
    const nmId = all[0].productDetails.nmId;
    const byNm = (await get(`/api/v1/feedbacks?isAnswered=false&take=5000&skip=0&nmId=${nmId}`)).json.data.feedbacks;
    expect(byNm.length).toBeGreaterThan(0);
    expect(byNm.every((f: { productDetails: { nmId: number } }) => f.productDetails.nmId === nmId)).toBe(true);
    const from = Math.floor(Date.parse(all[all.length - 1].createdDate) / 1000);
    expect((await get(`/api/v1/feedbacks?isAnswered=false&take=5000&skip=0&dateFrom=${from}`)).json.data.feedbacks).toHaveLength(1);
  });

  it('requires isAnswered, take and skip, within their bounds', async () => {
    for (const query of [
      'take=1&skip=0',
      'isAnswered=false&skip=0',
      'isAnswered=false&take=5001&skip=0',
      'isAnswered=false&take=1&skip=200000',
    ]) {
      const response = await get(`/api/v1/feedbacks?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json).toMatchObject({ data: null, error: true, errorText: expect.any(String) });
    }
  });
});

describe('POST /api/v1/feedbacks/answer', () => {
  it('answers with 204; the feedback moves to the answered list with the text', async () => {
    const feedback = (await get('/api/v1/feedbacks?isAnswered=false&take=1&skip=0')).json.data.feedbacks[0];
    const answered = await call(emulator, seller.token, 'feedbacks', '/api/v1/feedbacks/answer', {
      method: 'POST',
      body: { id: feedback.id, text: 'Спасибо за отзыв!' },
    });
    expect(answered.status).toBe(204);
    expect(answered.text).toBe('');
    const archive = (await get('/api/v1/feedbacks?isAnswered=true&take=5000&skip=0')).json.data.feedbacks;
    expect(archive.find((f: { id: string }) => f.id === feedback.id)).toMatchObject({
      state: 'wbRu',
      answer: { text: 'Спасибо за отзыв!', editable: true },
    });
    // One edit, then the answer is fixed.
    expect(
      (
        await call(emulator, seller.token, 'feedbacks', '/api/v1/feedbacks/answer', {
          method: 'PATCH',
          body: { id: feedback.id, text: 'Спасибо! Исправлено.' },
        })
      ).status,
    ).toBe(204);
    const edited = (await get('/api/v1/feedbacks?isAnswered=true&take=5000&skip=0')).json.data.feedbacks.find(
      (f: { id: string }) => f.id === feedback.id,
    );
    expect(edited.answer).toMatchObject({ text: 'Спасибо! Исправлено.', editable: false });
  });

  it('gives 204 for an unknown id (the marketplace does not check it) and 400 for a text out of 2..5000', async () => {
    expect(
      (
        await call(emulator, seller.token, 'feedbacks', '/api/v1/feedbacks/answer', {
          method: 'POST',
          body: { id: 'unknownidunknownid00', text: 'ok ok' },
        })
      ).status,
    ).toBe(204);
    const short = await call(emulator, seller.token, 'feedbacks', '/api/v1/feedbacks/answer', {
      method: 'POST',
      body: { id: 'x', text: 'a' },
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ title: 'bad request', origin: 'fbapi', detail: expect.any(String) });
  });
});

describe('questions', () => {
  it('lists questions (take + skip at most 10 000) and PATCH answers, marks viewed or rejects', async () => {
    const open = (await get('/api/v1/questions?isAnswered=false&take=100&skip=0')).json.data.questions;
    expect(open.length).toBeGreaterThan(3);
    expect(open[0].state).toBe('suppliersPortalSynch');
    expect((await get('/api/v1/questions?isAnswered=false&take=5000&skip=5001')).status).toBe(400);

    const patch = (body: unknown) => call(emulator, seller.token, 'feedbacks', '/api/v1/questions', { method: 'PATCH', body });
    expect((await patch({ id: open[0].id, wasViewed: true })).json).toEqual({
      data: null,
      error: false,
      errorText: '',
      additionalErrors: null,
    });
    expect((await patch({ id: open[1].id, answer: { text: 'Состав: хлопок 100 %' }, state: 'wbRu' })).status).toBe(200);
    expect((await patch({ id: open[2].id, answer: { text: 'Не по теме' }, state: 'none' })).status).toBe(200);

    const answered = (await get('/api/v1/questions?isAnswered=true&take=100&skip=0')).json.data.questions;
    expect(answered.find((q: { id: string }) => q.id === open[1].id)).toMatchObject({
      state: 'wbRu',
      answer: { text: 'Состав: хлопок 100 %' },
    });
    expect(answered.find((q: { id: string }) => q.id === open[2].id)).toMatchObject({ state: 'none' });
    const stillOpen = (await get('/api/v1/questions?isAnswered=false&take=100&skip=0')).json.data.questions;
    expect(stillOpen.find((q: { id: string }) => q.id === open[0].id)).toMatchObject({ wasViewed: true });

    expect((await patch({ id: open[1].id, answer: { text: 'Правка ответа' }, state: 'wbRu' })).status).toBe(200);
    expect(await patch({ id: open[1].id, answer: { text: 'Вторая правка' }, state: 'wbRu' })).toMatchObject({
      status: 422,
      json: { errorText: 'Не удалось отредактировать вопрос' },
    });
    expect(await patch({ id: 'nosuchquestion000000', wasViewed: true })).toMatchObject({
      status: 404,
      json: { errorText: 'Не найден отзыв' },
    });
  });
});

describe('GET /api/v1/feedback and /api/v1/question', () => {
  it('give one item by its id with its answer as it is now; 422 for an unknown id, 400 without one', async () => {
    const feedback = (await get('/api/v1/feedbacks?isAnswered=false&take=1&skip=0')).json.data.feedbacks[0];
    expect((await get(`/api/v1/feedback?id=${feedback.id}`)).json).toEqual({
      data: feedback,
      error: false,
      errorText: '',
      additionalErrors: null,
    });
    await call(emulator, seller.token, 'feedbacks', '/api/v1/feedbacks/answer', {
      method: 'POST',
      body: { id: feedback.id, text: 'Спасибо, что выбрали нас!' },
    });
    expect((await get(`/api/v1/feedback?id=${feedback.id}`)).json.data).toMatchObject({
      state: 'wbRu',
      answer: { text: 'Спасибо, что выбрали нас!', editable: true },
    });

    const question = (await get('/api/v1/questions?isAnswered=true&take=1&skip=0')).json.data.questions[0];
    expect((await get(`/api/v1/question?id=${question.id}`)).json.data).toEqual(question);

    expect(await get('/api/v1/feedback?id=nosuchfeedback000000')).toMatchObject({
      status: 422,
      json: { data: null, error: true, errorText: 'Невозможно получить отзыв по id' },
    });
    expect(await get('/api/v1/question?id=nosuchquestion000000')).toMatchObject({
      status: 422,
      json: { data: null, error: true, errorText: 'Невозможно получить вопрос по id' },
    });
    expect(await get('/api/v1/feedback')).toMatchObject({ status: 400, json: { errorText: 'Неправильный id в запросе' } });
  });
});
