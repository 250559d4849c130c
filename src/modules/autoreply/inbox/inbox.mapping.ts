import { marketplaceInstant } from '../../../common/time/moscow-time';
import type { InboxKind } from '../../../database/schema';
import type { Feedback, Question } from '../../../marketplace/endpoints/feedbacks';

/** A feedback or question as the sync writes it. */
export interface InboxItemRow {
  kind: InboxKind;
  mpId: string;
  rating: number | null;
  text: string;
  pros: string;
  cons: string;
  nmId: number;
  productName: string;
  brand: string;
  supplierArticle: string;
  createdAt: string;
  answerText: string | null;
  answeredAt: string | null;
}

export function feedbackRow(feedback: Feedback): InboxItemRow {
  const product = feedback.productDetails;
  return {
    kind: 'feedback',
    mpId: feedback.id,
    rating: feedback.productValuation,
    text: feedback.text,
    pros: feedback.pros ?? '',
    cons: feedback.cons ?? '',
    nmId: product.nmId,
    productName: product.productName ?? '',
    brand: product.brandName ?? '',
    supplierArticle: product.supplierArticle ?? '',
    createdAt: marketplaceInstant(feedback.createdDate),
    answerText: feedback.answer?.text ?? null,
    answeredAt: null,
  };
}

export function questionRow(question: Question): InboxItemRow {
  const product = question.productDetails;
  const answer = question.answer ?? null;
  return {
    kind: 'question',
    mpId: question.id,
    rating: null,
    text: question.text,
    pros: '',
    cons: '',
    nmId: product.nmId,
    productName: product.productName ?? '',
    brand: product.brandName ?? '',
    supplierArticle: product.supplierArticle ?? '',
    createdAt: marketplaceInstant(question.createdDate),
    answerText: answer?.text ?? null,
    answeredAt: answer?.createDate ? marketplaceInstant(answer.createDate) : null,
  };
}
