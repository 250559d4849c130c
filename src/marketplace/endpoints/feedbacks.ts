import { Endpoint, inBody, inQuery } from './endpoint';
import { anything, arrayOf, bool, int, nullable, object, optional, ShapeOf, str } from './shape';

/** Reference 5.1-5.2: take and skip are required (feedbacks: take ≤ 5000; questions: take + skip ≤ 10 000); dates in Unix seconds. */
export interface TextListQuery {
  isAnswered: boolean;
  take: number;
  skip: number;
  nmId?: number;
  order?: 'dateAsc' | 'dateDesc';
  dateFrom?: number;
  dateTo?: number;
}

/** Reference 5.1: a feedback; state "none" is new, "wbRu" processed. The file requires no field; the check requires those an answer needs. */
export const Feedback = object({
  id: str,
  text: str,
  pros: optional(str),
  cons: optional(str),
  productValuation: int,
  createdDate: str,
  state: str,
  answer: optional(nullable(object({ text: str, state: optional(str), editable: optional(bool) }))),
  productDetails: object({
    nmId: int,
    imtId: optional(int),
    productName: optional(str),
    supplierArticle: optional(nullable(str)),
    supplierName: optional(nullable(str)),
    brandName: optional(nullable(str)),
    size: optional(str),
  }),
  photoLinks: optional(nullable(arrayOf(object({ fullSize: optional(str), miniSize: optional(str) })))),
  video: optional(nullable(object({ previewImage: optional(str), link: optional(str), durationSec: optional(int) }))),
  wasViewed: optional(bool),
  userName: optional(str),
  orderStatus: optional(str),
  matchingSize: optional(str),
  isAbleSupplierFeedbackValuation: optional(bool),
  supplierFeedbackValuation: optional(int),
  isAbleSupplierProductValuation: optional(bool),
  supplierProductValuation: optional(int),
  isAbleReturnProductOrders: optional(bool),
  returnProductOrdersDate: optional(nullable(str)),
  bables: optional(nullable(arrayOf(str))),
  lastOrderShkId: optional(int),
  lastOrderCreatedAt: optional(str),
  color: optional(str),
  subjectId: optional(int),
  subjectName: optional(str),
  parentFeedbackId: optional(nullable(str)),
  childFeedbackId: optional(nullable(str)),
});
export type Feedback = ShapeOf<typeof Feedback>;

/** Reference 5.2: a question; state "suppliersPortalSynch" is new, "wbRu" answered, "none" rejected by the seller. */
export const Question = object({
  id: str,
  text: str,
  createdDate: str,
  state: str,
  answer: optional(nullable(object({ text: str, editable: optional(bool), createDate: optional(str) }))),
  productDetails: object({
    nmId: int,
    imtId: optional(int),
    productName: optional(str),
    supplierArticle: optional(str),
    supplierName: optional(str),
    brandName: optional(str),
  }),
  wasViewed: optional(bool),
  isWarned: optional(bool),
});
export type Question = ShapeOf<typeof Question>;

const listFields = { countUnanswered: int, countArchive: int };
const envelopeFields = { error: bool, errorText: str, additionalErrors: optional(nullable(arrayOf(str))) };

export const FeedbackList = object({ data: object({ ...listFields, feedbacks: arrayOf(Feedback) }), ...envelopeFields });
export type FeedbackList = ShapeOf<typeof FeedbackList>;

export const QuestionList = object({ data: object({ ...listFields, questions: arrayOf(Question) }), ...envelopeFields });
export type QuestionList = ShapeOf<typeof QuestionList>;

export const feedbacksList: Endpoint<TextListQuery, FeedbackList> = {
  scope: 'feedbacks',
  label: 'Отзывы: список',
  method: 'GET',
  path: '/api/v1/feedbacks',
  request: inQuery,
  response: FeedbackList,
};

export const questionsList: Endpoint<TextListQuery, QuestionList> = {
  scope: 'feedbacks',
  label: 'Вопросы: список',
  method: 'GET',
  path: '/api/v1/questions',
  request: inQuery,
  response: QuestionList,
};

/** One feedback or question by its marketplace id (user-communication.json: getV1Feedback, getV1Question). */
export interface TextByIdQuery {
  id: string;
}

export const FeedbackById = object({ data: Feedback, ...envelopeFields });
export type FeedbackById = ShapeOf<typeof FeedbackById>;

export const QuestionById = object({ data: Question, ...envelopeFields });
export type QuestionById = ShapeOf<typeof QuestionById>;

/** A feedback with its answer as the marketplace shows it now; an unknown id is 422. */
export const feedbackById: Endpoint<TextByIdQuery, FeedbackById> = {
  scope: 'feedbacks',
  label: 'Отзывы: отзыв по номеру',
  method: 'GET',
  path: '/api/v1/feedback',
  request: inQuery,
  response: FeedbackById,
};

/** A question with its answer as the marketplace shows it now; an unknown id is 422. */
export const questionById: Endpoint<TextByIdQuery, QuestionById> = {
  scope: 'feedbacks',
  label: 'Вопросы: вопрос по номеру',
  method: 'GET',
  path: '/api/v1/question',
  request: inQuery,
  response: QuestionById,
};

/** Reference 5.3: text of 2 to 5000 characters; the id is not validated by the marketplace. */
export interface FeedbackAnswerBody {
  id: string;
  text: string;
}

/** Reference 5.3: answers a feedback; 204 without a body. */
export const feedbackAnswer: Endpoint<FeedbackAnswerBody, unknown> = {
  scope: 'feedbacks',
  label: 'Отзывы: ответ',
  method: 'POST',
  path: '/api/v1/feedbacks/answer',
  request: inBody,
  response: anything,
};

/** Reference 5.3: edits an answer, once within 60 days. */
export const feedbackAnswerEdit: Endpoint<FeedbackAnswerBody, unknown> = {
  ...feedbackAnswer,
  label: 'Отзывы: изменение ответа',
  method: 'PATCH',
};

/** Reference 5.4: mark viewed, answer (state wbRu, also an edit once within 60 days) or reject (state none). */
export type QuestionUpdateBody =
  | { id: string; wasViewed: boolean }
  | { id: string; answer: { text: string }; state: 'wbRu' }
  | { id: string; answer: { text: string }; state: 'none' };

export const QuestionUpdate = object({ data: anything, ...envelopeFields });
export type QuestionUpdate = ShapeOf<typeof QuestionUpdate>;

export const questionUpdate: Endpoint<QuestionUpdateBody, QuestionUpdate> = {
  scope: 'feedbacks',
  label: 'Вопросы: ответ',
  method: 'PATCH',
  path: '/api/v1/questions',
  request: inBody,
  response: QuestionUpdate,
};
