import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { nmIdOf } from '../generator/catalog';
import { feedbackOf, questionOf, TextItem } from '../generator/feedbacks';
import { callerOf } from '../pipeline';
import type { SellerTexts } from '../seller-texts';
import type { Seller } from '../sellers';
import { intParam } from './request-checks';

const FEEDBACKS_PATH = '/api/v1/feedbacks';
const QUESTIONS_PATH = '/api/v1/questions';
const ANSWER_PATH = '/api/v1/feedbacks/answer';

/**
 * user-communication.json getV1Feedback and getV1Question: one item by its id, in the list's shape; an unknown id is
 * 422 with the file's example text.
 */
const BY_ID: { path: string; unknown: string; view: (seller: Seller, id: string) => object | null }[] = [
  {
    path: '/api/v1/feedback',
    unknown: 'Невозможно получить отзыв по id',
    view: ({ catalog, feedbacks }, id) => {
      const item = feedbacks.find(id);
      return item && feedbackOf(catalog, item, feedbacks.answerOf(item));
    },
  },
  {
    path: '/api/v1/question',
    unknown: 'Невозможно получить вопрос по id',
    view: ({ catalog, questions }, id) => {
      const item = questions.find(id);
      return item && questionOf(catalog, item, questions.answerOf(item), questions.flags(item));
    },
  },
];

/** Reference 0.3: the feedbacks scope's error body for GET and PATCH /questions. */
function listError(reply: FastifyReply, status: number, errorText: string): FastifyReply {
  return reply.status(status).send({ data: null, error: true, errorText, additionalErrors: [errorText], requestId: randomUUID() });
}

/** Reference 0.3: the answer call's 400. */
function answerError(reply: FastifyReply, detail: string): FastifyReply {
  return reply.status(400).send({ title: 'bad request', requestId: randomUUID(), origin: 'fbapi', detail });
}

function boolParam(value: string | undefined): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null;
}

interface ListQuery {
  isAnswered: boolean;
  take: number;
  skip: number;
  nmId?: number;
  order: 'dateAsc' | 'dateDesc';
  dateFrom?: number;
  dateTo?: number;
}

/** Reference 5.1-5.2: the bounds of take and skip, and the parameters the file lets be empty (read as absent). */
interface ListRules {
  maxTake: number;
  maxSkip: number;
  maxSkipPlusTake: number | null;
  emptyAllowed: string[];
}

const FEEDBACK_RULES: ListRules = { maxTake: 5000, maxSkip: 199_990, maxSkipPlusTake: null, emptyAllowed: [] };
const QUESTION_RULES: ListRules = { maxTake: 10_000, maxSkip: 10_000, maxSkipPlusTake: 10_000, emptyAllowed: ['dateFrom'] };

/** Reference 5.1-5.2: isAnswered, take and skip are required; dates are Unix seconds. */
function readList(query: Record<string, string>, rules: ListRules): ListQuery | string {
  const isAnswered = boolParam(query.isAnswered);
  const take = intParam(query.take);
  const skip = intParam(query.skip);
  if (isAnswered === null) return 'isAnswered: field required';
  if (take === null || take < 1 || take > rules.maxTake) return 'take: Value not validated';
  if (skip === null || skip > rules.maxSkip || (rules.maxSkipPlusTake !== null && skip + take > rules.maxSkipPlusTake))
    return 'skip: Value not validated';
  const order = query.order ?? 'dateDesc';
  if (order !== 'dateAsc' && order !== 'dateDesc') return 'order: Value not validated';
  const optional = (name: string): number | undefined | string => {
    if (query[name] === undefined || (query[name] === '' && rules.emptyAllowed.includes(name))) return undefined;
    const value = intParam(query[name]);
    return value === null ? `${name}: Value not validated` : value;
  };
  const nmId = optional('nmId');
  const dateFrom = optional('dateFrom');
  const dateTo = optional('dateTo');
  for (const value of [nmId, dateFrom, dateTo]) if (typeof value === 'string') return value;
  return {
    isAnswered,
    take,
    skip,
    order,
    nmId: nmId as number | undefined,
    dateFrom: dateFrom as number | undefined,
    dateTo: dateTo as number | undefined,
  };
}

interface QuestionPatch {
  id?: unknown;
  wasViewed?: unknown;
  answer?: { text?: unknown } | null;
  state?: unknown;
}

type QuestionUpdate = { kind: 'view'; wasViewed: boolean } | { kind: 'answer'; text: string } | { kind: 'reject' };

/** Reference 5.4: the body is exactly one of {id, wasViewed} and {id, answer: {text}, state} (wbRu answers, none rejects). */
function questionUpdate(body: QuestionPatch): QuestionUpdate | null {
  const viewing = typeof body.wasViewed === 'boolean';
  const text = body.answer?.text;
  const answering = typeof text === 'string' && typeof body.state === 'string';
  if (viewing === answering) return null;
  if (viewing) return { kind: 'view', wasViewed: body.wasViewed as boolean };
  if (body.state === 'wbRu') return { kind: 'answer', text: text as string };
  return body.state === 'none' ? { kind: 'reject' } : null;
}

function select(texts: SellerTexts, query: ListQuery, nmIdOfItem: (item: TextItem) => number) {
  const all = texts.items();
  const matching = all
    .filter((item) => texts.isAnswered(item) === query.isAnswered)
    .filter((item) => query.nmId === undefined || nmIdOfItem(item) === query.nmId)
    .filter((item) => query.dateFrom === undefined || item.createdMs >= query.dateFrom * 1000)
    .filter((item) => query.dateTo === undefined || item.createdMs <= query.dateTo * 1000)
    .sort((a, b) => (query.order === 'dateAsc' ? a.createdMs - b.createdMs : b.createdMs - a.createdMs));
  const answered = all.filter((item) => texts.isAnswered(item)).length;
  return { page: matching.slice(query.skip, query.skip + query.take), countUnanswered: all.length - answered, countArchive: answered };
}

export function registerFeedbacksRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: Record<string, string> }>(
    FEEDBACKS_PATH,
    { config: { scope: 'feedbacks', path: FEEDBACKS_PATH } },
    async (request, reply) => {
      const { catalog, feedbacks } = callerOf(request).seller;
      const query = readList(request.query, FEEDBACK_RULES);
      if (typeof query === 'string') return listError(reply, 400, query);
      const { page, countUnanswered, countArchive } = select(feedbacks, query, (item) => nmIdOf(catalog, item.cardIndex));
      return {
        data: { countUnanswered, countArchive, feedbacks: page.map((item) => feedbackOf(catalog, item, feedbacks.answerOf(item))) },
        error: false,
        errorText: '',
        additionalErrors: null,
      };
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    QUESTIONS_PATH,
    { config: { scope: 'feedbacks', path: QUESTIONS_PATH } },
    async (request, reply) => {
      const { catalog, questions } = callerOf(request).seller;
      const query = readList(request.query, QUESTION_RULES);
      if (typeof query === 'string') return listError(reply, 400, query);
      const { page, countUnanswered, countArchive } = select(questions, query, (item) => nmIdOf(catalog, item.cardIndex));
      return {
        data: {
          countUnanswered,
          countArchive,
          questions: page.map((item) => questionOf(catalog, item, questions.answerOf(item), questions.flags(item))),
        },
        error: false,
        errorText: '',
        additionalErrors: null,
      };
    },
  );

  for (const { path, unknown, view } of BY_ID) {
    app.get<{ Querystring: Record<string, string> }>(path, { config: { scope: 'feedbacks', path } }, async (request, reply) => {
      const { id } = request.query;
      // The file's example of a wrong id (RequestIDErr400); it documents no status for a missing one.
      if (!id) return listError(reply, 400, 'Неправильный id в запросе');
      const data = view(callerOf(request).seller, id);
      if (!data) return listError(reply, 422, unknown);
      return { data, error: false, errorText: '', additionalErrors: null };
    });
  }

  // Reference 5.3: 204 without a body; the id is not checked (a wrong id gets 204 too). PATCH edits once.
  for (const method of ['POST', 'PATCH'] as const) {
    app.route<{ Body: { id?: unknown; text?: unknown } }>({
      method,
      url: ANSWER_PATH,
      config: { scope: 'feedbacks', path: ANSWER_PATH },
      handler: async (request, reply) => {
        const { id, text } = request.body ?? {};
        if (typeof id !== 'string') return answerError(reply, 'id: field required');
        if (typeof text !== 'string' || text.length < 2 || text.length > 5000)
          return answerError(reply, 'text: length must be from 2 to 5000');
        const { feedbacks } = callerOf(request).seller;
        const item = feedbacks.find(id);
        if (item) feedbacks.answer(item, text);
        return reply.status(204).send();
      },
    });
  }

  app.patch<{ Body: QuestionPatch }>(QUESTIONS_PATH, { config: { scope: 'feedbacks', path: QUESTIONS_PATH } }, async (request, reply) => {
    const body = request.body ?? {};
    if (typeof body.id !== 'string') return listError(reply, 400, 'id: field required');
    const update = questionUpdate(body);
    if (!update) return listError(reply, 400, 'Invalid request body');
    const { questions } = callerOf(request).seller;
    const item = questions.find(body.id);
    if (!item) return listError(reply, 404, 'Не найден отзыв');
    if (update.kind === 'view' && update.wasViewed) questions.markViewed(item);
    if (update.kind === 'answer' && !questions.answer(item, update.text)) return listError(reply, 422, 'Не удалось отредактировать вопрос');
    if (update.kind === 'reject') questions.reject(item);
    return { data: null, error: false, errorText: '', additionalErrors: null };
  });
}
